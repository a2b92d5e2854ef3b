import AmplifyModels
import Testing

/// What the user may edit: per auth mode, per field, and the list's display field.
@Suite struct AccessTests {
    @Test func ownerRulesNeedUserPools() throws {
        let transaction = try Fixtures.schema("finance.json").require("Transaction")
        #expect(transaction.access(with: [.userPools]) == ModelAccess(allowed: ModelOperation.all, readOnlyReason: nil))
        let withKey = transaction.access(with: [.apiKey])
        #expect(withKey.readOnlyReason == "its auth rules allow no change with API key (changes need user pool)")
        #expect(withKey.allowed.isEmpty && !withKey.allows(.read))
        #expect(transaction.access(with: [.apiKey, .iam, .userPools]).readOnlyReason == nil)
    }

    @Test func aRuleThatOnlyReadsLeavesTheModelReadOnly() throws {
        let category = try Fixtures.schema("household-budget.json").require("Category")
        let access = category.access(with: [.apiKey])
        #expect(access.allowed == [.read])
        #expect(access.readOnlyReason == "its auth rules allow no change with API key (changes need user pool)")
        #expect(access.allows(.read) && !access.allows(.create))
        #expect(category.access(with: [.userPools]).readOnlyReason == nil)
    }

    @Test func providersAreMatchedRuleByRule() throws {
        let schema = try Fixtures.schema("reading-club.json")
        // Reader also lets API keys and IAM in; Book only signed-in users.
        #expect(try schema.require("Reader").access(with: [.apiKey]).readOnlyReason == nil)
        #expect(try schema.require("Reader").access(with: [.iam]).readOnlyReason == nil)
        #expect(try schema.require("Book").access(with: [.iam]).readOnlyReason
            == "its auth rules allow no change with IAM (changes need user pool)")
        #expect(try schema.require("Book").access(with: []).readOnlyReason
            == "its auth rules allow no change with no auth mode (changes need user pool)")
    }

    @Test func aRuleThatAllowsOnlySomeChangesSaysWhich() {
        let model = AmplifyModel(
            name: "Note", pluralName: "Notes", fields: [ModelField(name: "id", type: .scalar(.id), isRequired: true)],
            authRules: [AuthRule(strategy: .public, provider: .apiKey, operations: [.create, .read])])
        let access = model.access(with: [.apiKey])
        #expect(access.readOnlyReason == nil)
        #expect(access.allows(.create) && !access.allows(.update) && !access.allows(.delete))
    }

    @Test func aProviderTheAppDoesNotKnowLetsNothingThrough() {
        let model = AmplifyModel(
            name: "Note", pluralName: "Notes", fields: [ModelField(name: "id", type: .scalar(.id), isRequired: true)],
            authRules: [AuthRule(strategy: .custom, provider: nil)])
        #expect(model.access(with: Set(AuthProvider.allCases)).readOnlyReason
            == "its auth rules allow no change with API key or IAM or user pool or OIDC or Lambda (changes need an auth mode this app does not know)")
    }

    @Test func editableFieldsLeaveOutWhatTheServerWritesAndTheKeyOnceCreated() throws {
        let schema = try Fixtures.schema("household-budget.json")
        let transaction = try schema.require("Transaction")
        #expect(transaction.editableFields(for: .create).map(\.name) == [
            "id", "description", "amount", "quantity", "kind", "date", "bookedAt", "tags", "receipt", "categoryId",
        ])
        #expect(transaction.editableFields(for: .update).map(\.name) == [
            "description", "amount", "quantity", "kind", "date", "bookedAt", "tags", "receipt", "categoryId",
        ])
        let budget = try schema.require("Budget")
        #expect(budget.editableFields(for: .create).prefix(2).map(\.name) == ["tenantId", "sku"])
        #expect(!budget.editableFields(for: .update).map(\.name).contains { ["tenantId", "sku", "owner", "createdAt"].contains($0) })
        // hasMany is never edited through the parent.
        #expect(try schema.require("Category").editableFields(for: .create).map(\.name) == ["id", "name", "kind", "isArchived"])
    }

    @Test func theDisplayFieldIsANameElseTheFirstRequiredStringOutsideTheKey() throws {
        #expect(try Fixtures.schema("finance.json").require("Transaction").displayField == "description")
        #expect(try Fixtures.schema("household-budget.json").require("Budget").displayField == "title")
        // Every String of CourtBooking is optional but its key: a name-like one reads best.
        #expect(try Fixtures.schema("court-bookings.json").require("CourtBooking").displayField == "playerName")
        // Issue 29: a User is not named by its `authID`, the first required String.
        let user = AmplifyModel(
            name: "User", pluralName: "Users",
            fields: [ModelField(name: "id", type: .scalar(.id), isRequired: true), ModelField(name: "authID", type: .scalar(.string), isRequired: true),
                     ModelField(name: "email", type: .scalar(.string), isRequired: true), ModelField(name: "fullName", type: .scalar(.string))])
        #expect(user.displayField == "fullName" && user.displayFieldIsAName)
        let member = AmplifyModel(
            name: "Member", pluralName: "Members",
            fields: [ModelField(name: "id", type: .scalar(.id), isRequired: true), ModelField(name: "authID", type: .scalar(.string), isRequired: true),
                     ModelField(name: "email", type: .scalar(.string))])
        #expect(member.displayField == "email" && !member.displayFieldIsAName)
        #expect(try !Fixtures.schema("finance.json").require("Transaction").displayFieldIsAName)
        let numbers = AmplifyModel(
            name: "Reading", pluralName: "Readings",
            fields: [ModelField(name: "id", type: .scalar(.id), isRequired: true), ModelField(name: "value", type: .scalar(.float))])
        #expect(numbers.displayField == "id")
        let optional = AmplifyModel(
            name: "Tag", pluralName: "Tags",
            fields: [ModelField(name: "id", type: .scalar(.id)), ModelField(name: "label", type: .scalar(.string))])
        #expect(optional.displayField == "label")
    }
}
