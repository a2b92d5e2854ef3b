import GraphQL
import Testing
@testable import LocalAppSync

@Suite struct QueryTests {
    @Test func getAnswersTheRecordOrNull() async throws {
        try await TestServer.with { server in
            let created = try await server.create(name: "東京タワー アパート", address: "Minato-ku")
            let id = try #require(created["id"].string)
            let found = try await server.graphQL(
                "query ($id: ID!) { getRealEstateProperty(id: $id) { \(TestServer.allFields) } }", variables: ["id": .string(id)])
            #expect(sameJSON(found["data"]["getRealEstateProperty"], created))
            #expect(found["data"]["getRealEstateProperty"]["name"] == "東京タワー アパート")
            let missing = try await server.graphQL(#"{ getRealEstateProperty(id: "nope") { id } }"#)
            #expect(missing["data"]["getRealEstateProperty"].isNull)
            #expect(missing["errors"].isNull)
        }
    }

    @Test func listPagesThroughEveryRecordWithOpaqueTokens() async throws {
        try await TestServer.with { server in
            for index in 0..<7 { try await server.create(name: "House \(index)") }
            var names: [String] = []
            var token: Map = .null
            var pages = 0
            repeat {
                let page = try await server.graphQL(
                    "query ($next: String) { listRealEstateProperties(limit: 3, nextToken: $next) { items { name } nextToken } }",
                    variables: ["next": token])
                let connection = page["data"]["listRealEstateProperties"]
                names += connection["items"].array?.compactMap { $0["name"].string } ?? []
                token = connection["nextToken"]
                pages += 1
            } while !token.isNull && pages < 10
            #expect(pages == 3)
            #expect(Set(names) == Set((0..<7).map { "House \($0)" }))
            #expect(names.count == 7)
        }
    }

    @Test func aForgedNextTokenIsRefused() async throws {
        try await TestServer.with { server in
            let response = try await server.graphQL(#"{ listRealEstateProperties(nextToken: "garbage") { items { id } } }"#)
            #expect(response["errors"][0]["errorType"] == "DynamoDB:UserIllegalArgumentException")
            #expect(response["data"]["listRealEstateProperties"].isNull)
        }
    }

    @Test func listFiltersWithAmplifysOperators() async throws {
        try await TestServer.with { server in
            try await server.create(name: "Café Müller", address: "Berlin")
            try await server.create(name: "Casa Azul", address: "Mexico City")
            try await server.create(name: "Harbour Loft", address: nil)
            let deleted = try await server.create(name: "Casa Vieja")
            try await server.graphQL(
                "mutation ($id: ID!) { deleteRealEstateProperty(input: {id: $id, _version: 1}) { id } }",
                variables: ["id": deleted["id"]])

            func names(_ filter: String) async throws -> Set<String> {
                let response = try await server.graphQL("{ listRealEstateProperties(filter: \(filter)) { items { name } } }")
                #expect(response["errors"].isNull, "\(filter)")
                return Set(response["data"]["listRealEstateProperties"]["items"].array?.compactMap { $0["name"].string } ?? [])
            }
            #expect(try await names(#"{name: {eq: "Café Müller"}}"#) == ["Café Müller"])
            #expect(try await names(#"{name: {beginsWith: "Casa"}}"#) == ["Casa Azul", "Casa Vieja"])
            #expect(try await names(#"{name: {beginsWith: "Casa"}, _deleted: {ne: true}}"#) == ["Casa Azul"])
            #expect(try await names(#"{name: {contains: "ü"}}"#) == ["Café Müller"])
            #expect(try await names(#"{address: {attributeExists: false}}"#) == ["Harbour Loft", "Casa Vieja"])
            #expect(try await names(#"{or: [{address: {eq: "Berlin"}}, {name: {eq: "Harbour Loft"}}]}"#) == ["Café Müller", "Harbour Loft"])
            #expect(try await names(#"{not: {name: {beginsWith: "Casa"}}}"#) == ["Café Müller", "Harbour Loft"])
            #expect(try await names(#"{name: {between: ["C", "Casa Azul"]}}"#) == ["Café Müller", "Casa Azul"])
            #expect(try await names(#"{and: [{name: {notContains: "a"}}, {name: {ne: "x"}}]}"#) == [])
            #expect(try await names(#"{name: {gt: "H"}}"#) == ["Harbour Loft"])
        }
    }
}
