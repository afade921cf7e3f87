/// One value per App Standby Bucket (Codable as five named keys, so a configuration file reads plainly).
public struct BucketValues<Value: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
    /// The value for the active bucket.
    public var active: Value
    /// The value for the working-set bucket.
    public var workingSet: Value
    /// The value for the frequent bucket.
    public var frequent: Value
    /// The value for the rare bucket.
    public var rare: Value
    /// The value for the restricted bucket.
    public var restricted: Value

    /// Five values, one per bucket.
    public init(active: Value, workingSet: Value, frequent: Value, rare: Value, restricted: Value) {
        self.active = active
        self.workingSet = workingSet
        self.frequent = frequent
        self.rare = rare
        self.restricted = restricted
    }

    /// The value for `bucket`.
    public subscript(bucket: StandbyBucket) -> Value {
        switch bucket {
        case .active: active
        case .workingSet: workingSet
        case .frequent: frequent
        case .rare: rare
        case .restricted: restricted
        }
    }
}
