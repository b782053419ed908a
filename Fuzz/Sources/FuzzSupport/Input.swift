import GeoMath

// What the fuzz targets share: reading their input and the first of their checks.

/// The fuzz input, consumed front to back; exhausted input reads as zeros.
public struct Input {
    public let bytes: UnsafeBufferPointer<UInt8>
    public var offset = 0

    /// Reads `bytes` from the start.
    public init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The next byte, or nil at the end.
    public mutating func byte() -> UInt8? {
        guard offset < bytes.count else { return nil }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// Eight bytes as a double (any bit pattern: NaN, infinities, subnormals, -0).
    public mutating func double() -> Double {
        var bits: UInt64 = 0
        for _ in 0..<8 { bits = bits << 8 | UInt64(byte() ?? 0) }
        return Double(bitPattern: bits)
    }

    /// A coordinate from two doubles, or nil where they are not a valid one.
    public mutating func coordinate() -> Coordinate? {
        try? Coordinate(latitude: double(), longitude: double())
    }

    /// A number for the camera's settings: after a flag byte, either any double (odd flag) or
    /// a tame one, hundredths from -327.68 to 327.67 (even flag), so that valid degrees,
    /// points and zoom levels come often enough to reach what lies past the checks.
    public mutating func number() -> Double {
        guard (byte() ?? 0) & 1 == 0 else { return double() }
        let high = UInt16(byte() ?? 0), low = UInt16(byte() ?? 0)
        return Double(Int16(bitPattern: high << 8 | low)) / 100
    }
}

/// Stops the run (a fuzzer finding) unless every value is finite.
public func checkFinite(_ values: Double...) {
    precondition(values.allSatisfy(\.isFinite), "non-finite result \(values)")
}
