/// `data.model_introspection` of a Gen 2 `amplify_outputs.json` for the sample model
/// (`a.model({ name: a.string().required(), address: a.string() })`), in the shape Amplify's
/// Gen 2 deployments write: `createdAt`/`updatedAt` optional and read-only, `syncable: true`
/// (written for every Gen 2 model, although the API has no sync query), the model attribute and
/// one auth rule per mode the server accepts.
enum ModelIntrospection {
    static func gen2(authModes: [ServerAuthMode]) -> [String: Any] {
        func field(_ name: String, _ type: String, required: Bool, readOnly: Bool = false) -> [String: Any] {
            var field: [String: Any] = ["name": name, "isArray": false, "type": type, "isRequired": required, "attributes": [Any]()]
            if readOnly { field["isReadOnly"] = true }
            return field
        }
        let operations = ["create", "update", "delete", "read"]
        let rules: [[String: Any]] = authModes.map { mode in
            switch mode {
            case .iam: ["allow": "public", "provider": "iam", "operations": operations]
            case .apiKey: ["allow": "public", "provider": "apiKey", "operations": operations]
            case .userPool: ["allow": "private", "provider": "userPools", "operations": operations]
            }
        }
        let model: [String: Any] = [
            "name": "RealEstateProperty",
            "fields": [
                "id": field("id", "ID", required: true),
                "name": field("name", "String", required: true),
                "address": field("address", "String", required: false),
                "createdAt": field("createdAt", "AWSDateTime", required: false, readOnly: true),
                "updatedAt": field("updatedAt", "AWSDateTime", required: false, readOnly: true),
            ],
            "syncable": true,
            "pluralName": "RealEstateProperties",
            "attributes": [
                ["type": "model", "properties": [String: Any]()],
                ["type": "auth", "properties": ["rules": rules]],
            ],
            "primaryKeyInfo": ["isCustomPrimaryKey": false, "primaryKeyFieldName": "id", "sortKeyFieldNames": [String]()],
        ]
        return ["version": 1, "models": ["RealEstateProperty": model], "enums": [String: Any](), "nonModels": [String: Any]()]
    }
}
