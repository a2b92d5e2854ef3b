import Testing
@testable import ModelBrowser

/// What the screen reads from the command line and the environment.
@Suite struct ScreenSettingsTests {
    @Test func aFixedClockIsATimeOfDayOrNothing() {
        #expect(ScreenSettings.fixedClockTime(environment: ["PROPTUI_FIXED_CLOCK": "09:41"]) == "09:41")
        for bad in ["9:41", "24:00", "09:60", "09-41", "noon", ""] {
            #expect(ScreenSettings.fixedClockTime(environment: ["PROPTUI_FIXED_CLOCK": bad]) == nil, "\(bad)")
        }
        #expect(ScreenSettings.fixedClockTime(environment: [:]) == nil)
    }

    @Test func noColorComesFromTheFlagOrTheEnvironment() {
        #expect(ScreenSettings.colorEnabled(noColorFlag: false, environment: [:]))
        #expect(!ScreenSettings.colorEnabled(noColorFlag: true, environment: [:]))
        #expect(!ScreenSettings.colorEnabled(noColorFlag: false, environment: ["NO_COLOR": "1"]))
        #expect(ScreenSettings.colorEnabled(noColorFlag: false, environment: ["NO_COLOR": ""]))
    }
}
