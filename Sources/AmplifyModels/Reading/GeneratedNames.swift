import JSONValues

/// The names the API generated for a description would declare, checked before anything is
/// made of them: two models of one name, a model named `Query` or `String`, two models of one
/// plural (their list queries collide), an enum named like a model, or any two generated names
/// that meet (an enum `FooFilter` and a model `Foo` both make `ModelFooFilterInput`) would give a
/// schema no GraphQL server can build, and the embedded server's tables of resolvers by name
/// would trap. Each is refused with the path of the entry that takes a name already taken.
///
/// The names are those `TransformerSDL` writes (and Amplify's transformer before it); the fuzz
/// in `ModelFileFuzzTests` builds that schema for every description this check lets through.
enum GeneratedNames {
    /// One entry of the description and the key it was read under (its path's last part).
    struct Entry<Value> {
        var key: String
        var value: Value
    }

    static func check(
        models: [Entry<AmplifyModel>], enums: [Entry<ModelEnum>], nonModels: [Entry<NonModelType>]
    ) throws(JSONReadError) {
        var names = TakenNames()
        // The types every API declares, then the entries' own names, then the types each entry
        // makes: two entries of one name are said as that, not as their inputs colliding.
        for (name, owner) in reserved { names.taken[name] = owner }
        for entry in models {
            try names.claim(entry.value.name, as: "the name of models.\(entry.key)", at: [.key("models"), .key(entry.key)])
        }
        for entry in enums {
            try names.claim(entry.value.name, as: "the name of enums.\(entry.key)", at: [.key("enums"), .key(entry.key)])
        }
        for entry in nonModels {
            try names.claim(entry.value.name, as: "the name of nonModels.\(entry.key)", at: [.key("nonModels"), .key(entry.key)])
        }
        for entry in models {
            for (name, what) in derivedTypes(of: entry.value) {
                try names.claim(
                    name, as: "the \(what) the API generates for models.\(entry.value.name)", at: [.key("models"), .key(entry.key)], what: what)
            }
        }
        for entry in enums {
            let name = entry.value.name
            for derived in ["Model\(name)Input", "Model\(name)ListInput"] {
                try names.claim(
                    derived, as: "the filter input the API generates for enums.\(name)", at: [.key("enums"), .key(entry.key)], what: "filter input")
            }
        }
        for entry in nonModels {
            let name = entry.value.name
            try names.claim(
                name + "Input", as: "the input the API generates for nonModels.\(name)", at: [.key("nonModels"), .key(entry.key)], what: "input type")
        }
        try checkPlurals(models)
        try checkIndexQueries(models)
        for entry in models { try checkMembers(of: entry.value, at: [.key("models"), .key(entry.key)]) }
        for entry in enums { try checkValues(of: entry.value, at: [.key("enums"), .key(entry.key)]) }
        for entry in nonModels { try checkFields(of: entry.value, at: [.key("nonModels"), .key(entry.key)]) }
    }

    /// Names no entry may take, and whose they are.
    static let reserved: [String: String] = {
        var names: [String: String] = [:]
        for scalar in ["String", "Int", "Float", "Boolean", "ID"] { names[scalar] = "one of GraphQL's built-in scalars" }
        for scalar in ScalarType.allCases where scalar.rawValue.hasPrefix("AWS") { names[scalar.rawValue] = "one of AppSync's scalars" }
        // AppSync's other scalars: the app does not use them, but the API has them.
        for scalar in ["AWSBigDecimal"] { names[scalar] = "one of AppSync's scalars" }
        names["Query"] = "the API's query type"
        names["Mutation"] = "the API's mutation type"
        names["Subscription"] = "the API's subscription type"
        for block in FieldInputs.shared {
            let head = block.prefix { $0 != "{" }.split(separator: " ")
            if head.count >= 2 { names[String(head[1])] = "a type every generated API declares" }
        }
        for kind in ["String", "ID", "Int", "Float"] { names["Model\(kind)KeyConditionInput"] = "a type every generated API declares" }
        return names
    }()

    /// The types a model's API declares besides the model's own, and what each is.
    static func derivedTypes(of model: AmplifyModel) -> [(String, String)] {
        let name = model.name
        var types = [
            ("Model\(name)Connection", "connection type"), ("Model\(name)FilterInput", "filter input"),
            ("Model\(name)ConditionInput", "condition input"), ("ModelSubscription\(name)FilterInput", "subscription filter input"),
            ("Create\(name)Input", "create input"), ("Update\(name)Input", "update input"), ("Delete\(name)Input", "delete input"),
        ]
        if model.primaryKey.sortKeys.count > 1 {
            types += [
                ("Model\(name)PrimaryCompositeKeyInput", "composite key input"),
                ("Model\(name)PrimaryCompositeKeyConditionInput", "composite key condition input"),
            ]
        }
        for index in model.indexes where index.isQueryable && index.sortKeys.count > 1 {
            let names = KeyConditionInputs.compositeInputNames(model: name, keyName: index.name)
            types += [(names.key, "composite key input of the index \(index.name)"), (names.condition, "composite key condition input of the index \(index.name)")]
        }
        return types
    }

    /// `list<Plural>` (and `sync<Plural>`) is one query per model.
    private static func checkPlurals(_ models: [Entry<AmplifyModel>]) throws(JSONReadError) {
        var byPlural: [String: String] = [:]
        for entry in models {
            let plural = entry.value.pluralName
            if let first = byPlural[plural] {
                throw problem(
                    "\(plural) is also the plural of models.\(first): their list queries (list\(plural)) would collide",
                    at: [.key("models"), .key(entry.key), .key("pluralName")])
            }
            byPlural[plural] = entry.key
        }
    }

    /// The names a model's fields share with what the API adds beside them.
    private static func checkMembers(of model: AmplifyModel, at path: [JSONPathComponent]) throws(JSONReadError) {
        for field in model.fields {
            let fieldPath = path + [.key("fields"), .key(field.name)]
            if let reason = introspectionReserved(field.name) { throw problem(reason, at: fieldPath) }
            if ["_version", "_deleted", "_lastChangedAt"].contains(field.name) {
                throw problem("\(field.name) is a field the versioned (DataStore) API adds to every model: give the field another name", at: fieldPath)
            }
            if ["and", "or", "not"].contains(field.name) {
                throw problem(
                    "\(field.name) is how the model's filter and condition inputs combine conditions (and, or, not): give the field another name",
                    at: fieldPath)
            }
        }
        let key = model.primaryKey
        var keyFields = Set<String>()
        for name in key.fields where !keyFields.insert(name).inserted {
            throw problem("its key names the field \(name) twice", at: path + [.key("primaryKeyInfo")])
        }
        // A custom key's list query takes the partition key and a sort key condition beside its own arguments.
        if key.isCustom {
            var arguments: Set<String> = ["filter", "limit", "nextToken", "sortDirection"]
            for argument in [key.partitionKey] + (KeyConditionInputs.argument(model).map { [$0.name] } ?? []) {
                guard arguments.insert(argument).inserted else {
                    throw problem(
                        "the key field \(argument) would be a second argument \(argument) of list\(model.pluralName): give the field another name",
                        at: path + [.key("primaryKeyInfo")])
                }
            }
        }
        if model.ownerField == "filter" {
            throw problem("its owner field filter would be a second argument filter of its subscriptions: give the field another name", at: path)
        }
    }

    private static func checkValues(of enumeration: ModelEnum, at path: [JSONPathComponent]) throws(JSONReadError) {
        var seen = Set<String>()
        for (index, value) in enumeration.values.enumerated() {
            let valuePath = path + [.key("values"), .index(index)]
            if let reason = introspectionReserved(value) { throw problem(reason, at: valuePath) }
            if ["true", "false", "null"].contains(value) { throw problem("\(value) cannot be an enum value in GraphQL", at: valuePath) }
            guard seen.insert(value).inserted else { throw problem("a second value \(value)", at: valuePath) }
        }
    }

    private static func checkFields(of type: NonModelType, at path: [JSONPathComponent]) throws(JSONReadError) {
        var seen = Set<String>()
        for field in type.fields {
            let fieldPath = path + [.key("fields"), .key(field.name)]
            if let reason = introspectionReserved(field.name) { throw problem(reason, at: fieldPath) }
            guard seen.insert(field.name).inserted else { throw problem("a second field named \(field.name)", at: fieldPath) }
        }
    }

    /// GraphQL keeps names that start with two underscores for introspection (`__typename`).
    static func introspectionReserved(_ name: String) -> String? {
        name.hasPrefix("__") ? "\(name) starts with __, which GraphQL keeps for introspection" : nil
    }

    static func problem(_ text: String, at path: [JSONPathComponent]) -> JSONReadError {
        path.reversed().reduce(descriptionProblem(text)) { $0.within($1) }
    }

    /// Every name declared so far, and whose it is.
    struct TakenNames {
        var taken: [String: String] = [:]

        /// `what` is nil for the entry's own name, else what the API makes of it ("filter input").
        mutating func claim(_ name: String, as owner: String, at path: [JSONPathComponent], what: String? = nil) throws(JSONReadError) {
            if let reason = GeneratedNames.introspectionReserved(name) { throw GeneratedNames.problem(reason, at: path) }
            if let holder = taken[name] {
                let text = if let what {
                    "its \(what) \(name) would collide with \(holder): give it another name"
                } else {
                    "the name \(name) is taken: it is \(holder); give the entry another name"
                }
                throw GeneratedNames.problem(text, at: path)
            }
            taken[name] = owner
        }
    }
}
