/// The GraphQL schemas the server serves, compiled in so the binary never needs `Resources/`
/// at run time. Each is its file in `Resources/` byte for byte: `SchemaFileTests` fails if
/// they drift apart (regenerate this file with `Scripts/embed-schema.sh`).
enum AppSyncSchema {
    /// `Resources/schema.graphql`: the versioned dialect (conflict detection on).
    static let sdl = #"""
# The schema Amplify's model transformer generates for RealEstateProperty with conflict
# detection (versioned data source) on, as AppSync serves it. LocalAppSync serves exactly
# this document: Sources/LocalAppSync/AppSyncSchema.swift holds it byte for byte and a
# test fails if the two differ.

type RealEstateProperty {
  id: ID!
  name: String!
  address: String
  createdAt: AWSDateTime!
  updatedAt: AWSDateTime!
  _version: Int!
  _deleted: Boolean
  _lastChangedAt: AWSTimestamp!
}

input ModelStringInput {
  ne: String
  eq: String
  le: String
  lt: String
  ge: String
  gt: String
  contains: String
  notContains: String
  between: [String]
  beginsWith: String
  attributeExists: Boolean
  attributeType: ModelAttributeTypes
  size: ModelSizeInput
}

input ModelIntInput {
  ne: Int
  eq: Int
  le: Int
  lt: Int
  ge: Int
  gt: Int
  between: [Int]
  attributeExists: Boolean
  attributeType: ModelAttributeTypes
}

input ModelFloatInput {
  ne: Float
  eq: Float
  le: Float
  lt: Float
  ge: Float
  gt: Float
  between: [Float]
  attributeExists: Boolean
  attributeType: ModelAttributeTypes
}

input ModelBooleanInput {
  ne: Boolean
  eq: Boolean
  attributeExists: Boolean
  attributeType: ModelAttributeTypes
}

input ModelIDInput {
  ne: ID
  eq: ID
  le: ID
  lt: ID
  ge: ID
  gt: ID
  contains: ID
  notContains: ID
  between: [ID]
  beginsWith: ID
  attributeExists: Boolean
  attributeType: ModelAttributeTypes
  size: ModelSizeInput
}

input ModelSubscriptionStringInput {
  ne: String
  eq: String
  le: String
  lt: String
  ge: String
  gt: String
  contains: String
  notContains: String
  between: [String]
  beginsWith: String
  in: [String]
  notIn: [String]
}

input ModelSubscriptionIntInput {
  ne: Int
  eq: Int
  le: Int
  lt: Int
  ge: Int
  gt: Int
  between: [Int]
  in: [Int]
  notIn: [Int]
}

input ModelSubscriptionFloatInput {
  ne: Float
  eq: Float
  le: Float
  lt: Float
  ge: Float
  gt: Float
  between: [Float]
  in: [Float]
  notIn: [Float]
}

input ModelSubscriptionBooleanInput {
  ne: Boolean
  eq: Boolean
}

input ModelSubscriptionIDInput {
  ne: ID
  eq: ID
  le: ID
  lt: ID
  ge: ID
  gt: ID
  contains: ID
  notContains: ID
  between: [ID]
  beginsWith: ID
  in: [ID]
  notIn: [ID]
}

enum ModelAttributeTypes {
  binary
  binarySet
  bool
  list
  map
  number
  numberSet
  string
  stringSet
  _null
}

input ModelSizeInput {
  ne: Int
  eq: Int
  le: Int
  lt: Int
  ge: Int
  gt: Int
  between: [Int]
}

enum ModelSortDirection {
  ASC
  DESC
}

type ModelRealEstatePropertyConnection {
  items: [RealEstateProperty]!
  nextToken: String
  startedAt: AWSTimestamp
}

input ModelRealEstatePropertyFilterInput {
  id: ModelIDInput
  name: ModelStringInput
  address: ModelStringInput
  createdAt: ModelStringInput
  updatedAt: ModelStringInput
  and: [ModelRealEstatePropertyFilterInput]
  or: [ModelRealEstatePropertyFilterInput]
  not: ModelRealEstatePropertyFilterInput
  _deleted: ModelBooleanInput
}

type Query {
  getRealEstateProperty(id: ID!): RealEstateProperty
  listRealEstateProperties(filter: ModelRealEstatePropertyFilterInput, limit: Int, nextToken: String): ModelRealEstatePropertyConnection
  syncRealEstateProperties(filter: ModelRealEstatePropertyFilterInput, limit: Int, nextToken: String, lastSync: AWSTimestamp): ModelRealEstatePropertyConnection
}

input ModelRealEstatePropertyConditionInput {
  name: ModelStringInput
  address: ModelStringInput
  and: [ModelRealEstatePropertyConditionInput]
  or: [ModelRealEstatePropertyConditionInput]
  not: ModelRealEstatePropertyConditionInput
  _deleted: ModelBooleanInput
  createdAt: ModelStringInput
  updatedAt: ModelStringInput
}

input CreateRealEstatePropertyInput {
  id: ID
  name: String!
  address: String
  _version: Int
}

input UpdateRealEstatePropertyInput {
  id: ID!
  name: String
  address: String
  _version: Int
}

input DeleteRealEstatePropertyInput {
  id: ID!
  _version: Int
}

type Mutation {
  createRealEstateProperty(input: CreateRealEstatePropertyInput!, condition: ModelRealEstatePropertyConditionInput): RealEstateProperty
  updateRealEstateProperty(input: UpdateRealEstatePropertyInput!, condition: ModelRealEstatePropertyConditionInput): RealEstateProperty
  deleteRealEstateProperty(input: DeleteRealEstatePropertyInput!, condition: ModelRealEstatePropertyConditionInput): RealEstateProperty
}

input ModelSubscriptionRealEstatePropertyFilterInput {
  id: ModelSubscriptionIDInput
  name: ModelSubscriptionStringInput
  address: ModelSubscriptionStringInput
  createdAt: ModelSubscriptionStringInput
  updatedAt: ModelSubscriptionStringInput
  and: [ModelSubscriptionRealEstatePropertyFilterInput]
  or: [ModelSubscriptionRealEstatePropertyFilterInput]
  _deleted: ModelBooleanInput
}

type Subscription {
  onCreateRealEstateProperty(filter: ModelSubscriptionRealEstatePropertyFilterInput): RealEstateProperty @aws_subscribe(mutations: ["createRealEstateProperty"])
  onUpdateRealEstateProperty(filter: ModelSubscriptionRealEstatePropertyFilterInput): RealEstateProperty @aws_subscribe(mutations: ["updateRealEstateProperty"])
  onDeleteRealEstateProperty(filter: ModelSubscriptionRealEstatePropertyFilterInput): RealEstateProperty @aws_subscribe(mutations: ["deleteRealEstateProperty"])
}

# AppSync's built-in scalars and directive, declared so that any GraphQL library can build
# this document (AppSync itself predefines them).
scalar AWSDateTime

scalar AWSTimestamp

directive @aws_subscribe(mutations: [String]) on FIELD_DEFINITION

"""#

    /// `Resources/schema-gen2.graphql`: the Gen 2 dialect (no conflict detection).
    static let gen2SDL = #"""
# The schema Amplify's Gen 2 data transformer generates for
#   a.model({ name: a.string().required(), address: a.string() }).authorization(allow => [allow.guest()])
# (no conflict detection: no _version, _deleted, _lastChangedAt, sync query or startedAt), as
# AppSync serves it. Gen 2's data-schema hands the transformer `name` and `address` only; the
# transformer adds `id`, `createdAt` and `updatedAt` after them. LocalAppSync serves exactly this
# document for `proptui serve --schema gen2`: Sources/LocalAppSync/AppSyncSchema.swift holds it
# byte for byte, and Gen2SchemaTests compares it, type by type, with the transformer's own output.

type RealEstateProperty {
  name: String!
  address: String
  id: ID!
  createdAt: AWSDateTime!
  updatedAt: AWSDateTime!
}

input ModelStringInput {
  ne: String
  eq: String
  le: String
  lt: String
  ge: String
  gt: String
  contains: String
  notContains: String
  between: [String]
  beginsWith: String
  attributeExists: Boolean
  attributeType: ModelAttributeTypes
  size: ModelSizeInput
}

input ModelIntInput {
  ne: Int
  eq: Int
  le: Int
  lt: Int
  ge: Int
  gt: Int
  between: [Int]
  attributeExists: Boolean
  attributeType: ModelAttributeTypes
}

input ModelFloatInput {
  ne: Float
  eq: Float
  le: Float
  lt: Float
  ge: Float
  gt: Float
  between: [Float]
  attributeExists: Boolean
  attributeType: ModelAttributeTypes
}

input ModelBooleanInput {
  ne: Boolean
  eq: Boolean
  attributeExists: Boolean
  attributeType: ModelAttributeTypes
}

input ModelIDInput {
  ne: ID
  eq: ID
  le: ID
  lt: ID
  ge: ID
  gt: ID
  contains: ID
  notContains: ID
  between: [ID]
  beginsWith: ID
  attributeExists: Boolean
  attributeType: ModelAttributeTypes
  size: ModelSizeInput
}

input ModelSubscriptionStringInput {
  ne: String
  eq: String
  le: String
  lt: String
  ge: String
  gt: String
  contains: String
  notContains: String
  between: [String]
  beginsWith: String
  in: [String]
  notIn: [String]
}

input ModelSubscriptionIntInput {
  ne: Int
  eq: Int
  le: Int
  lt: Int
  ge: Int
  gt: Int
  between: [Int]
  in: [Int]
  notIn: [Int]
}

input ModelSubscriptionFloatInput {
  ne: Float
  eq: Float
  le: Float
  lt: Float
  ge: Float
  gt: Float
  between: [Float]
  in: [Float]
  notIn: [Float]
}

input ModelSubscriptionBooleanInput {
  ne: Boolean
  eq: Boolean
}

input ModelSubscriptionIDInput {
  ne: ID
  eq: ID
  le: ID
  lt: ID
  ge: ID
  gt: ID
  contains: ID
  notContains: ID
  between: [ID]
  beginsWith: ID
  in: [ID]
  notIn: [ID]
}

enum ModelAttributeTypes {
  binary
  binarySet
  bool
  list
  map
  number
  numberSet
  string
  stringSet
  _null
}

input ModelSizeInput {
  ne: Int
  eq: Int
  le: Int
  lt: Int
  ge: Int
  gt: Int
  between: [Int]
}

enum ModelSortDirection {
  ASC
  DESC
}

type ModelRealEstatePropertyConnection {
  items: [RealEstateProperty]!
  nextToken: String
}

input ModelRealEstatePropertyFilterInput {
  name: ModelStringInput
  address: ModelStringInput
  id: ModelIDInput
  createdAt: ModelStringInput
  updatedAt: ModelStringInput
  and: [ModelRealEstatePropertyFilterInput]
  or: [ModelRealEstatePropertyFilterInput]
  not: ModelRealEstatePropertyFilterInput
}

type Query {
  getRealEstateProperty(id: ID!): RealEstateProperty
  listRealEstateProperties(filter: ModelRealEstatePropertyFilterInput, limit: Int, nextToken: String): ModelRealEstatePropertyConnection
}

input ModelRealEstatePropertyConditionInput {
  name: ModelStringInput
  address: ModelStringInput
  and: [ModelRealEstatePropertyConditionInput]
  or: [ModelRealEstatePropertyConditionInput]
  not: ModelRealEstatePropertyConditionInput
  createdAt: ModelStringInput
  updatedAt: ModelStringInput
}

input CreateRealEstatePropertyInput {
  name: String!
  address: String
  id: ID
}

input UpdateRealEstatePropertyInput {
  name: String
  address: String
  id: ID!
}

input DeleteRealEstatePropertyInput {
  id: ID!
}

type Mutation {
  createRealEstateProperty(input: CreateRealEstatePropertyInput!, condition: ModelRealEstatePropertyConditionInput): RealEstateProperty
  updateRealEstateProperty(input: UpdateRealEstatePropertyInput!, condition: ModelRealEstatePropertyConditionInput): RealEstateProperty
  deleteRealEstateProperty(input: DeleteRealEstatePropertyInput!, condition: ModelRealEstatePropertyConditionInput): RealEstateProperty
}

input ModelSubscriptionRealEstatePropertyFilterInput {
  name: ModelSubscriptionStringInput
  address: ModelSubscriptionStringInput
  id: ModelSubscriptionIDInput
  createdAt: ModelSubscriptionStringInput
  updatedAt: ModelSubscriptionStringInput
  and: [ModelSubscriptionRealEstatePropertyFilterInput]
  or: [ModelSubscriptionRealEstatePropertyFilterInput]
}

type Subscription {
  onCreateRealEstateProperty(filter: ModelSubscriptionRealEstatePropertyFilterInput): RealEstateProperty @aws_subscribe(mutations: ["createRealEstateProperty"])
  onUpdateRealEstateProperty(filter: ModelSubscriptionRealEstatePropertyFilterInput): RealEstateProperty @aws_subscribe(mutations: ["updateRealEstateProperty"])
  onDeleteRealEstateProperty(filter: ModelSubscriptionRealEstatePropertyFilterInput): RealEstateProperty @aws_subscribe(mutations: ["deleteRealEstateProperty"])
}

# AppSync's built-in scalar and directive, declared so that any GraphQL library can build
# this document (AppSync itself predefines them).
scalar AWSDateTime

directive @aws_subscribe(mutations: [String]) on FIELD_DEFINITION

"""#
}
