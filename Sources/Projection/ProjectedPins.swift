import GeoMath

/// Pins (or any tracked places) projected to Web Mercator once, ready to be re-placed for
/// every camera state by an affine pass that calls no PROJ and allocates nothing.
///
/// Eastings and northings are kept in two contiguous buffers of doubles, eastings within the
/// world ([-W/2, W/2]), so that the camera's `place(_:into:)` is one branch-free loop over
/// them.
public struct ProjectedPins: Hashable, Sendable {
    @usableFromInline let eastings: [Double]
    @usableFromInline let northings: [Double]
    /// The smallest and largest easting, in metres (0 when there are no pins): a frame whose
    /// center lies within a quarter world of both needs no world-copy shift for any pin.
    @usableFromInline let eastingRange: ClosedRange<Double>

    /// Projects coordinates with one `proj_trans_generic` call (latitudes beyond
    /// +-85.0511287798066 clamped).
    ///
    /// - Throws: A PROJ error (which a valid coordinate does not produce in practice).
    public init(coordinates: [Coordinate], transformer: WebMercatorTransformer) throws(ProjectionError) {
        var eastings = coordinates.map(\.longitude)
        var northings = coordinates.map(\.latitude)
        try eastings.withUnsafeMutableBufferPointer { (x) throws(ProjectionError) in
            try northings.withUnsafeMutableBufferPointer { (y) throws(ProjectionError) in
                try transformer.projectInPlace(longitudes: x, latitudes: y)
            }
        }
        self.eastings = eastings
        self.northings = northings
        eastingRange = Self.range(of: eastings)
    }

    /// The pins of a preview, from the Mercator points their layout already projected (no
    /// PROJ call).
    public init(pins: [Pin]) {
        eastings = pins.map(\.mercator.x)
        northings = pins.map(\.mercator.y)
        eastingRange = Self.range(of: eastings)
    }

    /// Web Mercator points given directly, in metres.
    ///
    /// - Throws: ``ProjectionError/mercatorOutsideWorld(x:y:)`` for a point that is not finite
    ///   or lies outside the world (|x| or |y| beyond W/2 = 20 037 508.342789244 m).
    public init(mercator points: [MercatorPoint]) throws(ProjectionError) {
        for point in points where !WebMercator.isOnWorld(point) {
            throw .mercatorOutsideWorld(x: point.x, y: point.y)
        }
        eastings = points.map(\.x)
        northings = points.map(\.y)
        eastingRange = Self.range(of: eastings)
    }

    private static func range(of eastings: [Double]) -> ClosedRange<Double> {
        guard let first = eastings.first else { return 0...0 }
        var low = first, high = first
        for easting in eastings {
            low = min(low, easting)
            high = max(high, easting)
        }
        return low...high
    }

    /// The number of pins.
    @inlinable
    public var count: Int { eastings.count }

    /// The Web Mercator point of pin `index`, in metres.
    @inlinable
    public subscript(index: Int) -> MercatorPoint {
        MercatorPoint(x: eastings[index], y: northings[index])
    }
}

extension MapCamera {
    /// Writes the viewport point of every pin into `output` (same order, same count), each
    /// on the world copy nearest the center. One affine pass over the cached Mercator
    /// coordinates: no PROJ call, no allocation.
    ///
    /// - Precondition: `output.count == pins.count`.
    @inlinable
    public func place(_ pins: ProjectedPins, into output: UnsafeMutableBufferPointer<ScreenPoint>) {
        precondition(output.count == pins.count, "place(_:into:) needs one output point per pin")
        let half = WebMercator.worldWidthMeters / 2
        let scale = pointsPerMeter
        let centerX = centerX, centerY = centerY
        let originX = viewportWidth / 2, originY = viewportHeight / 2
        // When every pin lies within a quarter world of the center (all of them near the
        // user, the usual case), no pin needs a shift and the loop is two multiply-adds per
        // pin. (Within a quarter world, nearestCopyOffset returns its argument unchanged, so
        // both loops give the same bits; half a world would be the exact limit, a quarter
        // keeps clear of its rounding.)
        if pins.eastingRange.upperBound - centerX < half / 2 && centerX - pins.eastingRange.lowerBound < half / 2 {
            pins.eastings.withUnsafeBufferPointer { eastings in
                pins.northings.withUnsafeBufferPointer { northings in
                    for index in 0..<eastings.count {
                        output[index] = ScreenPoint(
                            x: originX + (eastings[index] - centerX) * scale,
                            y: originY - (northings[index] - centerY) * scale)
                    }
                }
            }
            return
        }
        pins.eastings.withUnsafeBufferPointer { eastings in
            pins.northings.withUnsafeBufferPointer { northings in
                for index in 0..<eastings.count {
                    let dx = MapCamera.nearestCopyOffset(eastings[index] - centerX)
                    let dy = northings[index] - centerY
                    output[index] = ScreenPoint(x: originX + dx * scale, y: originY - dy * scale)
                }
            }
        }
    }

    /// Writes the viewport point of every pin into `points`, resizing it only when its count
    /// differs from the pins'. A reused array that nothing else shares allocates nothing from
    /// the second frame on; if its storage is shared (a copy was kept elsewhere), writing
    /// copies it first. The buffer overload never allocates.
    @inlinable
    public func place(_ pins: ProjectedPins, into points: inout [ScreenPoint]) {
        if points.count != pins.count {
            points = Array(repeating: ScreenPoint(x: 0, y: 0), count: pins.count)
        }
        points.withUnsafeMutableBufferPointer { output in place(pins, into: output) }
    }
}
