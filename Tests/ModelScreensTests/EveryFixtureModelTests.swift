import AmplifyModels
import ModelScreens
import ScreenValues
import Testing

/// Every model of every fixture, at several sizes: its list, a record's detail, an empty create
/// form and an update form render without a crash, keep wide cells whole and stay in the
/// frame; the forms take a round of keys and a submit, and the update form of an untouched
/// record changes nothing.
@Suite struct EveryFixtureModelTests {
    static let cases: [(file: String, model: String)] = Fixtures.all.flatMap { file in
        (try! Fixtures.schema(file)).models.map { (file, $0.name) }
    }

    @Test(arguments: cases.map { "\($0.file):\($0.model)" })
    func everyScreenRenders(_ name: String) throws {
        let parts = name.split(separator: ":").map(String.init)
        let layout = try Fixtures.layout(parts[0], parts[1])
        let records = (0..<5).map { sampleRecord(layout, variant: $0) }
        for (width, height) in [(40, 10), (80, 24), (13, 3), (200, 60)] {
            var frame = Frame(width: width, height: height)
            let columns = RecordColumns(model: layout.model, schema: layout.schema, rows: records,
                                        width: RecordListView.columnsWidth(inRegionWidth: width))
            #expect(columns.usedWidth <= max(0, RecordListView.columnsWidth(inRegionWidth: width)) || columns.columns.count == 1)
            RecordListView(columns: columns, selectedIndex: 2, scrollTop: 0).draw(records, into: &frame, region: FrameRegion(frame))
            if width >= 40 { #expect(frame.lines[0].contains(layout.model.displayField)) }

            frame = Frame(width: width, height: height)
            RecordDetail(record: records[0], schema: layout.schema).draw(into: &frame, region: FrameRegion(frame))
            if width >= 40 { #expect(frame.lines[0].contains(layout.model.fields[0].name)) }

            var create = RecordForm(creating: layout)
            frame = Frame(width: width, height: height)
            create.draw(into: &frame, region: FrameRegion(frame))
            for key: Key in [.tab, .character("x"), .right, .paste("a\nb"), .enter, .down, .up, .backTab, .backspace] { _ = create.handle(key) }
            _ = create.handle(.control("s"))
            create.draw(into: &frame, region: FrameRegion(frame))

            var update = RecordForm(editing: records[1])
            for _ in update.fieldNames { _ = update.handle(.tab) }
            #expect(update.handle(.control("s")) == .submitted(.update(ModelRecordPatch())), "\(update.problems)")
            frame = Frame(width: width, height: height)
            update.draw(into: &frame, region: FrameRegion(frame))
            #expect(frame.wideCellsAreWhole)
        }
    }

    @Test(arguments: Fixtures.all)
    func everySchemaHasAPicker(_ file: String) throws {
        let schema = try Fixtures.schema(file)
        var frame = Frame(width: 60, height: 8)
        ModelPicker(schema: schema).draw(into: &frame, region: FrameRegion(frame))
        #expect(frame.lines[0].contains(schema.models[0].name))
    }
}

/// Random keys on every fixture model's forms: nothing crashes, a paste or an Alt key never
/// ends the form, what is submitted passes the records' own checks, and the form draws at
/// every step.
@Suite struct RandomKeyTests {
    /// A small deterministic generator (SplitMix64), so that a failure can be replayed.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let keys: [Key] = [
        .tab, .backTab, .up, .down, .left, .right, .home, .end, .backspace, .delete, .enter, .character(" "),
        .character("1"), .character("a"), .character("-"), .character("{"), .character("}"), .character("é"), .character("東"),
        .control("u"), .control("k"), .control("w"), .alt(.character("b")), .alt(.backspace), .alt(.enter), .alt(.character("s")),
        .paste("2026-11-25"), .paste("x\ny\r\nz\n"), .paste("\u{1B}[2J"), .paste("42"), .paste("{\"a\": 1}"), .paste("\n"),
        .function(5), .pageDown,
    ]

    @Test(arguments: EveryFixtureModelTests.cases.map { "\($0.file):\($0.model)" })
    func randomKeys(_ name: String) throws {
        let parts = name.split(separator: ":").map(String.init)
        let layout = try Fixtures.layout(parts[0], parts[1])
        var random = Generator(state: name.utf8.reduce(7) { $0 &* 31 &+ UInt64($1) })  // the same every run
        for purpose in [EditPurpose.create, .update] {
            var form = purpose == .create ? RecordForm(creating: layout) : RecordForm(editing: sampleRecord(layout, variant: 3))
            for step in 0..<400 {
                let key = Self.keys.randomElement(using: &random)!
                let outcome = form.handle(key)
                switch key {
                case .paste, .alt: #expect(outcome == .editing, "step \(step): \(key) gave \(outcome)")
                default: break
                }
                if case .submitted(.create(let record)) = outcome {
                    #expect((try? ModelRecord.checked(
                        record.valuesByName.filter { layout.model.editableFields(for: .create).map(\.name).contains($0.key) && $0.value != .null },
                        layout: layout)) != nil)
                }
                var frame = Frame(width: 50, height: 12)
                form.draw(into: &frame, region: FrameRegion(frame))
                #expect(frame.wideCellsAreWhole)
            }
        }
    }
}
