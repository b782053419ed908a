import ArgumentParser
import GeoMath
import MapTooling
import Projection

/// The camera of `geobench clusters` and `geobench tiles`: a center, a zoom, a screen and a
/// bearing; the camera's constraints apply.
struct CameraViewOptions: ParsableArguments {
    @Option(name: .long, parsing: .unconditional, help: "Camera center latitude in degrees, in [-90, 90] (clamped to +-85.0511287798066; the world's edge then applies).", transform: DecimalOption.value)
    var latitude: Double

    @Option(name: .long, parsing: .unconditional, help: "Camera center longitude in degrees, in [-180, 180].", transform: DecimalOption.value)
    var longitude: Double

    @Option(name: .long, parsing: .unconditional, help: "Camera zoom (the world is 256 * 2^zoom points wide): finite, clamped into [0, 22] as a camera clamps it.", transform: DecimalOption.value)
    var zoom: Double

    @Option(name: .long, parsing: .unconditional, help: "Screen width in points, in [1, 1000000].", transform: DecimalOption.value)
    var width: Double

    @Option(name: .long, parsing: .unconditional, help: "Screen height in points, in [1, 1000000].", transform: DecimalOption.value)
    var height: Double

    @Option(name: .long, parsing: .unconditional, help: "Bearing in degrees (the compass direction at the top of the screen). (default: \(Double(0)))", transform: DecimalOption.value)
    var bearing: Double = 0

    /// The camera these values describe, made as a camera script's starting camera is
    /// (`MapTooling.CameraView`), so that `camera` and `mapkit` show the same one.
    func camera() throws -> MercatorCamera {
        try CameraView(latitude: latitude, longitude: longitude, zoom: zoom, width: width, height: height, bearing: bearing).camera()
    }
}
