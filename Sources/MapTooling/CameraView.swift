import GeoMath
import Projection

/// A camera given as a center, a zoom, a screen and a bearing, with no insets or bounds: the
/// camera of `geobench clusters` and `geobench tiles`.
///
/// It is made as a camera script's starting camera with the same values is
/// (``CameraScript/Start/make()``): at the center and zoom, then jumped to the same center and
/// zoom at the bearing, so that the camera's constraints (the world's edge, a screen taller than
/// the world raising the zoom) apply to the view at its bearing, and `clusters`, `tiles`,
/// `camera`, `mapkit` and `render --script` show the same camera for the same values. (Made
/// at bearing 0 and then turned, a 50 x 300 screen at zoom 0.05 turned 80 degrees over Paris
/// had its zoom raised to 0.23 and its center moved to the equator, as unrotated it would have
/// needed, where `camera` and `mapkit` kept zoom 0.05 over Paris.)
public struct CameraView: Hashable, Sendable {
    /// Center latitude in degrees, in [-90, 90] (clamped to +-85.0511287798066).
    public var latitude: Double
    /// Center longitude in degrees, in [-180, 180].
    public var longitude: Double
    /// Zoom (clamped into [0, 22]).
    public var zoom: Double
    /// Screen width in points.
    public var width: Double
    /// Screen height in points.
    public var height: Double
    /// Bearing in degrees (the compass direction at the top of the screen).
    public var bearing: Double

    /// A view from its values, checked when the camera is made.
    public init(latitude: Double, longitude: Double, zoom: Double, width: Double, height: Double, bearing: Double = 0) {
        self.latitude = latitude
        self.longitude = longitude
        self.zoom = zoom
        self.width = width
        self.height = height
        self.bearing = bearing
    }

    /// The camera: the starting camera of a script with these values.
    ///
    /// - Throws: The `GeometryError` of the first invalid value (center, zoom, size, bearing).
    public func camera() throws(GeometryError) -> MercatorCamera {
        try CameraScript.Start(
            latitude: latitude, longitude: longitude, zoom: zoom, width: width, height: height, bearing: bearing
        ).make()
    }
}
