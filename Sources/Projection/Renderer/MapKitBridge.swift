import GeoMath

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A point in MapKit's map point space (`MKMapPoint`), computed on any platform: the Web
/// Mercator world as a square of 2^28 points (the zoom-20 world of 256-point tiles), x
/// eastward from the antimeridian, y southward from the north edge (85.0511287798066 degrees).
///
///     x = (X / W + 1/2) 2^28,   y = (1/2 - Y / W) 2^28
///
/// with (X, Y) the Web Mercator point in metres and W the world's width. MapKit projects a
/// coordinate with the same spherical formula on geodetic latitude as EPSG:3857, so these are
/// the numbers `MKMapPoint(_:)` gives, up to its own rounding. (Apple documents neither the
/// formula nor the units, only a Mercator projection whose map point units are "tied to the
/// underlying units used to draw": 2^28 is the value `MKMapSize.world` holds.)
public struct MapKitMapPoint: Hashable, Sendable {
    /// The world's width and height in map points: 2^28.
    public static let worldSize = 268_435_456.0

    /// Map points east of the antimeridian.
    public var x: Double
    /// Map points south of the world's north edge.
    public var y: Double

    /// A map point from its parts (not checked).
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The map point of a Web Mercator point, y within [0, 2^28]: a northing a hair beyond the
    /// world's edge (the clamp latitude projects 4 nm beyond it, -3e-8 map points) is put on
    /// the edge, so that every point made here has a ``mercator()``.
    public init(_ mercator: MercatorPoint) {
        let world = WebMercator.worldWidthMeters
        x = (mercator.x / world + 0.5) * Self.worldSize
        y = min(max((0.5 - mercator.y / world) * Self.worldSize, 0), Self.worldSize)
    }

    /// The map point of a coordinate (projected through PROJ).
    public init(_ coordinate: Coordinate) {
        self.init(MercatorPoint(coordinate))
    }

    /// The Web Mercator point, the easting wrapped onto the world (x beyond [0, 2^28) is a world
    /// copy).
    ///
    /// - Throws: `GeometryError/invalidRendererParameter(name:value:expected:)` for an x that is
    ///   not finite or a y that is not finite or lies outside [0, 2^28].
    public func mercator() throws(GeometryError) -> MercatorPoint {
        guard x.isFinite else {
            throw .invalidRendererParameter(name: "map point x", value: x, expected: "a finite number of map points")
        }
        guard y >= 0, y <= Self.worldSize else {
            throw .invalidRendererParameter(name: "map point y", value: y, expected: "a finite number of map points in [0, 268435456]")
        }
        let world = WebMercator.worldWidthMeters
        return MercatorPoint(uncheckedX: WebMercator.wrappedEasting((x / Self.worldSize - 0.5) * world), y: (0.5 - y / Self.worldSize) * world)
    }
}

/// A rectangle in MapKit's map point space (`MKMapRect`): its north-west origin and its size.
public struct MapKitMapRect: Hashable, Sendable {
    /// The north-west corner.
    public var origin: MapKitMapPoint
    /// The width in map points (more than 2^28 when it holds more than one world copy).
    public var width: Double
    /// The height in map points.
    public var height: Double

    /// A rectangle from its parts (not checked).
    public init(x: Double, y: Double, width: Double, height: Double) {
        origin = MapKitMapPoint(x: x, y: y)
        self.width = width
        self.height = height
    }

    /// The center.
    public var center: MapKitMapPoint { MapKitMapPoint(x: origin.x + width / 2, y: origin.y + height / 2) }

    /// The Web Mercator point of the center, its errors naming it as the rectangle's center
    /// ("map point y" would name a point the caller never gave).
    func centerMercator() throws(GeometryError) -> MercatorPoint {
        let center = center
        guard center.x.isFinite else {
            throw .invalidRendererParameter(name: "map rect center x (x + width / 2)", value: center.x, expected: "a finite number of map points")
        }
        guard center.y >= 0, center.y <= MapKitMapPoint.worldSize else {
            throw .invalidRendererParameter(
                name: "map rect center y (y + height / 2)", value: center.y, expected: "a number of map points in [0, 268435456] (on the world)")
        }
        return try center.mercator()
    }

    /// Throws unless the origin is finite and the width and height are finite and 0 or more
    /// (more than 0 unless `empty` is allowed), naming the part.
    ///
    /// Value by value, with no array of them: the MapKit-state viewport query runs this every
    /// frame, and two array literals here cost it two heap allocations a call.
    func check(allowingEmpty empty: Bool) throws(GeometryError) {
        func finite(_ name: String, _ value: Double) throws(GeometryError) {
            guard value.isFinite else { throw .invalidRendererParameter(name: name, value: value, expected: "a finite number of map points") }
        }
        func size(_ name: String, _ value: Double) throws(GeometryError) {
            guard value.isFinite, value >= 0, empty || value != 0 else {
                throw .invalidRendererParameter(name: name, value: value, expected: empty ? "a finite number of map points, 0 or more" : "a finite number of map points, more than 0")
            }
        }
        try finite("map rectangle x", origin.x)
        try finite("map rectangle y", origin.y)
        try size("map rectangle width", width)
        try size("map rectangle height", height)
    }
}

/// A region as `MKCoordinateRegion` takes it: a center and the spans in degrees.
public struct MapKitRegion: Hashable, Sendable {
    /// The center.
    public var center: Coordinate
    /// The north-south span in degrees, in [0, 180].
    public var latitudeDelta: Double
    /// The east-west span in degrees, in [0, 360].
    public var longitudeDelta: Double

    /// A region from its values, taken as given (a map view's `region`, field by field):
    /// ``coordinateRegion()`` checks the deltas.
    ///
    /// - Parameters:
    ///   - center: The center.
    ///   - latitudeDelta: The north-south span in degrees.
    ///   - longitudeDelta: The east-west span in degrees.
    public init(center: Coordinate, latitudeDelta: Double, longitudeDelta: Double) {
        self.center = center
        self.latitudeDelta = latitudeDelta
        self.longitudeDelta = longitudeDelta
    }
}

extension MapKitRegion {
    /// GeoMath's region as MapKit takes it: the same center and deltas. A geodesic circle's
    /// `region` (the 10 km around the user) becomes an `MKCoordinateRegion`
    /// for `MKMapView.setRegion` as `MKCoordinateRegion(MapKitRegion(circle.region))`.
    ///
    /// - Parameter region: A region (valid by construction).
    public init(_ region: CoordinateRegion) {
        self.init(center: region.center, latitudeDelta: region.span.latitudeDelta, longitudeDelta: region.span.longitudeDelta)
    }

    /// The region as GeoMath's `CoordinateRegion`: the same center and deltas, for what takes
    /// one (its `bounds`, a camera's `fit(.bounds(_:))`).
    ///
    /// - Returns: The region.
    /// - Throws: `GeometryError/invalidSpan(name:value:maximum:)` for a delta set outside
    ///   [0, 180] or [0, 360] or not finite (the properties are settable; a camera's
    ///   ``MercatorCamera/mapKitRegion`` always converts).
    public func coordinateRegion() throws(GeometryError) -> CoordinateRegion {
        CoordinateRegion(center: center, span: try CoordinateSpan(latitudeDelta: latitudeDelta, longitudeDelta: longitudeDelta))
    }
}

extension MercatorCamera {
    /// Map points per screen point at this zoom: 2^28 / (256 2^zoom) = 2^(20 - zoom) (exact at
    /// an integer zoom).
    var mapPointsPerPoint: Double { exp2(20 - zoom) }

    /// What MapKit's `visibleMapRect` is for this camera: the bounding rectangle, in map points,
    /// of the whole screen's outline at the bearing, its x normalised into [0, 2^28). Wider than
    /// the world when the screen shows more than one world copy.
    public var mapKitVisibleMapRect: MapKitMapRect {
        let center = mapKitCenter
        let k = mapPointsPerPoint
        let world = MapKitMapPoint.worldSize
        var x = (center.x - extents.west * k).truncatingRemainder(dividingBy: world)
        if x < 0 { x += world }
        // A remainder a hair below 0 (-1.5e-8) rounds to the world's width itself when a world
        // is added: that is the antimeridian, 0, not a point of the next copy.
        if x >= world { x = 0 }
        return MapKitMapRect(
            x: x, y: center.y - extents.north * k,
            width: (extents.west + extents.east) * k, height: (extents.north + extents.south) * k)
    }

    /// The focal point's map point. This is MapKit's `MKMapCamera.centerCoordinate` (as a map
    /// point) only for a camera without insets, or with equal opposite insets: MapKit's center
    /// coordinate is the one "at the center of the map view", which for any bearing is the
    /// center of ``mapKitVisibleMapRect`` (`mapKitVisibleMapRect.center`), while the focal point
    /// is the middle of the unobstructed rectangle (with a 47-point top and 34-point bottom
    /// inset, 6.5 points below the view's center: the larger top inset pushes it down).
    public var mapKitCenter: MapKitMapPoint { MapKitMapPoint(centerMercator) }

    /// The `MKCoordinateRegion` that holds this camera's view: centred on the focal point's
    /// coordinate, with the smallest spans symmetric about it that hold the screen's outline
    /// at the bearing (its extreme latitudes and longitudes are at its corners: Web Mercator's
    /// northing is monotonic in latitude and its easting linear in longitude). MapKit accepts at
    /// most 180 and 360 degrees: a view that needs more (near the poles at low zoom, or wider
    /// than the world) gets those. MapKit centres a region in the whole view: with uneven
    /// insets (47 points at the top, 34 at the bottom) the view it shows is off this camera's
    /// by the focal point's offset from the view's center (6.5 points), where
    /// ``mapKitVisibleMapRect`` is centred on the view's center.
    public var mapKitRegion: MapKitRegion {
        let world = WebMercator.worldWidthMeters, half = world / 2
        let s = pointsPerMercatorMeter
        let north = MercatorPoint(uncheckedX: 0, y: min(centerY + extents.north / s, half)).coordinate.latitude
        let south = MercatorPoint(uncheckedX: 0, y: max(centerY - extents.south / s, -half)).coordinate.latitude
        let latitude = center.latitude
        let latitudeDelta = 2 * max(north - latitude, latitude - south)
        let longitudeDelta = 2 * max(extents.east, extents.west) / worldWidthPoints * 360
        return MapKitRegion(center: center, latitudeDelta: min(max(latitudeDelta, 0), 180), longitudeDelta: min(longitudeDelta, 360))
    }

    /// MapKit's `MKMapCamera.heading`: the bearing in [0, 360).
    public var mapKitHeading: Double {
        let heading = bearing < 0 ? bearing + 360 : bearing + 0
        return heading >= 360 ? 0 : heading
    }

    /// Shows a map rectangle as MapKit's `setVisibleMapRect` does, keeping the screen, bearing
    /// and insets: the zoom at which the screen's outline at the bearing has a bounding
    /// rectangle just holding `rect` (the lower of the zooms that fit its width and its
    /// height), clamped into the zoom limits, with the bounding rectangle at that zoom centred
    /// on the rectangle's center. The inverse of ``mapKitVisibleMapRect``: a camera's own
    /// rectangle gives back its center and zoom (within rounding) where no constraint moved
    /// them. The world's edge and the camera bounds then apply.
    ///
    /// - Throws: `GeometryError/invalidRendererParameter(name:value:expected:)` for a rectangle
    ///   whose values are not finite, whose width or height is not positive, whose center's x
    ///   overflows (x + width / 2 beyond the largest double), or whose center lies beyond the
    ///   world north or south. The camera is then unchanged.
    public mutating func show(_ rect: MapKitMapRect) throws(GeometryError) {
        for (name, value) in [("x", rect.origin.x), ("y", rect.origin.y)] where !value.isFinite {
            throw .invalidRendererParameter(name: "map rect \(name)", value: value, expected: "a finite number of map points")
        }
        for (name, value) in [("width", rect.width), ("height", rect.height)] where !(value.isFinite && value > 0) {
            throw .invalidRendererParameter(name: "map rect \(name)", value: value, expected: "a finite number of map points > 0")
        }
        let middle = try rect.centerMercator()
        // The bounding box of the outline is (west + east) x (north + south) points at any zoom.
        let boxWidth = extents.west + extents.east, boxHeight = extents.north + extents.south
        // (Kept finite for a rectangle of a few map points or of many worlds.)
        let fitted = min(max(min(log2(boxWidth / rect.width), log2(boxHeight / rect.height)) + 20, -64), 64)
        // The zoom the camera will show (the limits, and the lowest zoom the screen allows): the
        // box is centred at that zoom's scale. At the fitted zoom instead, a rectangle needing a
        // zoom beyond the limits had its center drawn off the box's middle with uneven insets
        // or a bearing (under a 400-point top inset, for a continent at a minimum zoom of 3).
        let zoom = min(max(fitted, lowestShownZoom), limits.maximumZoom)
        let s = Self.pointsPerMercatorMeter(zoom: zoom)
        // The box's middle lies ((east - west) / 2, (south - north) / 2) points from the focal point.
        let x = middle.x - (extents.east - extents.west) / 2 / s
        let y = middle.y + (extents.south - extents.north) / 2 / s
        let half = WebMercator.worldWidthMeters / 2
        try jump(center: MercatorPoint(uncheckedX: WebMercator.wrappedEasting(x), y: min(max(y, -half), half)), zoom: zoom)
    }
}
