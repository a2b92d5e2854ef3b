-- wrk: POST a createRealEstateProperty mutation (server-generated ids) with the API key in API_KEY.
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["x-api-key"] = os.getenv("API_KEY")
wrk.body = '{"query":"mutation { createRealEstateProperty(input: {name: \\"Bench house\\", address: \\"1 Load Street\\"}) { id name _version _lastChangedAt } }"}'
