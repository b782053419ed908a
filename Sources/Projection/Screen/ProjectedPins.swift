import GeoMath

/// Pins (or any places to follow on screen) projected to Web Mercator once, with their ids,
/// ready to be re-placed for every screen by an affine pass that calls no PROJ and allocates
/// nothing (``ScreenTransform/place(_:into:)-(_,UnsafeMutableBufferPointer<ScreenPoint>)``, `MercatorCamera.place(_:into:)`).
///
/// Eastings and northings are kept in two contiguous buffers of doubles, eastings within the
/// world ([-W/2, W/2]), so that placement is one branch-free loop over them. Index `i` of the
/// placed points belongs to `ids?[i]`, or to the `i`-th place given.
public struct ProjectedPins: Hashable, Sendable {
    /// The pins' ids, in order (the announcements' ids, or whatever the caller gave), or nil
    /// when none were given: places are then known by their index, and nothing is stored for
    /// them (a million places cost no million strings).
    public let ids: [String]?
    @usableFromInline let eastings: [Double]
    @usableFromInline let northings: [Double]
    /// The smallest and largest easting, in metres (0 when there are no pins): a screen whose
    /// center lies within a quarter world of both needs no world-copy shift for any pin.
    @usableFromInline let eastingRange: ClosedRange<Double>

    /// Projects coordinates with one `proj_trans_generic` call (latitudes beyond
    /// +-85.0511287798066 clamped), each northing then put on the world's edge as ``PinLayout``
    /// puts its pins' (the clamp latitude projects 4 nm beyond it): so these places are drawn
    /// where the preview's pins of the same coordinates are.
    ///
    /// - Parameters:
    ///   - coordinates: The places.
    ///   - ids: One id per place, or nil (the places are known by index).
    /// - Precondition: `ids` is nil or has one id per coordinate.
    public init(coordinates: [Coordinate], ids: [String]? = nil) {
        precondition(ids == nil || ids?.count == coordinates.count, "ProjectedPins needs one id per coordinate")
        var (eastings, northings) = WebMercator.projectValid(coordinates)
        let edge = WebMercator.worldWidthMeters / 2
        for index in northings.indices { northings[index] = min(max(northings[index], -edge), edge) }
        self.init(ids: ids, eastings: eastings, northings: northings)
    }

    /// Web Mercator points given directly (already on the world).
    ///
    /// - Precondition: `ids` is nil or has one id per point.
    public init(mercatorPoints points: [MercatorPoint], ids: [String]? = nil) {
        precondition(ids == nil || ids?.count == points.count, "ProjectedPins needs one id per point")
        self.init(ids: ids, eastings: points.map(\.x), northings: points.map(\.y))
    }

    init(ids: [String]?, eastings: [Double], northings: [Double]) {
        self.ids = ids
        self.eastings = eastings
        self.northings = northings
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

    /// The Web Mercator point of pin `index`.
    public subscript(index: Int) -> MercatorPoint {
        MercatorPoint(uncheckedX: eastings[index], y: northings[index])
    }
}
