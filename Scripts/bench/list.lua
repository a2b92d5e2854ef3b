-- wrk: POST one GraphQL list query (a page of 10 properties) with the API key in API_KEY.
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["x-api-key"] = os.getenv("API_KEY")
wrk.body = '{"query":"{ listRealEstateProperties(limit: 10) { items { id name address createdAt updatedAt _version _deleted _lastChangedAt } nextToken } }"}'
