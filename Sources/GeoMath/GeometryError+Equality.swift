/// Equality and hashing of ``GeometryError`` in which a payload that is not a number equals
/// another that is not a number.
///
/// The synthesized `==` compared the payloads with `Double`'s `==`, so an error about a NaN was
/// not equal to itself: `#expect(throws: GeometryError.invalidLatitude(.nan))` failed on exactly
/// that error ("expected error ... but ... was thrown instead"), and a `Set` kept two of it. Here
/// two errors are equal when they are the same case and their payloads are equal, a NaN equal
/// to any NaN (as `-0.0` is equal to `0.0`). The payloads are read by reflection, so a case added
/// to the enum is covered without a change here (a case whose payload reflection does not
/// show compares by its message).
extension GeometryError {
    /// Whether both are the same case with equal payloads, a NaN equal to any NaN.
    public static func == (lhs: GeometryError, rhs: GeometryError) -> Bool {
        lhs.fields == rhs.fields
    }

    /// Hashes the case and its payloads, every NaN alike (consistent with `==`).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(fields)
    }

    /// One comparable value per leaf of the case: its name first, then each payload in order.
    private var fields: [Field] {
        var fields: [Field] = []
        let mirror = Mirror(reflecting: self)
        guard let payload = mirror.children.first else {
            // A case without a payload: its message is its identity.
            return [.text(description)]
        }
        fields.append(.text(payload.label ?? ""))
        Self.append(payload.value, to: &fields)
        return fields
    }

    private static func append(_ value: Any, to fields: inout [Field]) {
        switch value {
        case let number as Double:
            fields.append(number.isNaN ? .notANumber : .number(number))
        case let text as String:
            fields.append(.text(text))
        case let integer as Int:
            fields.append(.integer(integer))
        case let integer as Int32:
            fields.append(.integer(Int(integer)))
        case let range as ClosedRange<Double>:
            append(range.lowerBound, to: &fields)
            append(range.upperBound, to: &fields)
        default:
            let mirror = Mirror(reflecting: value)
            if mirror.displayStyle == .optional {
                // nil and a present value differ; a present value compares as itself.
                guard let wrapped = mirror.children.first else { return fields.append(.absent) }
                return append(wrapped.value, to: &fields)
            }
            if mirror.children.isEmpty { return fields.append(.text(String(describing: value))) }
            for child in mirror.children {
                fields.append(.text(child.label ?? ""))
                append(child.value, to: &fields)
            }
        }
    }

    private enum Field: Hashable {
        case text(String), number(Double), integer(Int), notANumber, absent
    }
}
