// MapKit's own types from the platform-independent bridge (MapKitBridge.swift). Compiled only
// where MapKit exists: this package's CI runs on Linux, so nothing here is built or tested
// there; every number comes from the bridge, which is. scripts/check_mapkit_bridge.sh
// type-checks this file against stand-ins of Apple's documented declarations.
#if canImport(MapKit)
import GeoMath
import MapKit

extension MKMapPoint {
    /// The map point the bridge computed.
    public init(_ point: MapKitMapPoint) {
        self.init(x: point.x, y: point.y)
    }
}

extension MKMapRect {
    /// The rectangle the bridge computed (``MercatorCamera/mapKitVisibleMapRect`` for
    /// `setVisibleMapRect(_:animated:)`).
    public init(_ rect: MapKitMapRect) {
        self.init(x: rect.origin.x, y: rect.origin.y, width: rect.width, height: rect.height)
    }
}

extension MapKitMapRect {
    /// A MapKit rectangle (a map view's `visibleMapRect`), for ``MercatorCamera/show(_:)``.
    public init(_ rect: MKMapRect) {
        self.init(x: rect.origin.x, y: rect.origin.y, width: rect.size.width, height: rect.size.height)
    }
}

extension CLLocationCoordinate2D {
    /// The coordinate's latitude and longitude.
    public init(_ coordinate: Coordinate) {
        self.init(latitude: coordinate.latitude, longitude: coordinate.longitude)
    }
}

extension MapKitRegion {
    /// A map view's region (`MKMapView.region`), for ``coordinateRegion()`` and a camera's
    /// `fit(.bounds(_:))`.
    ///
    /// - Throws: As `Coordinate(latitude:longitude:)` for a center that is not a coordinate.
    public init(_ region: MKCoordinateRegion) throws(GeometryError) {
        self.init(
            center: try Coordinate(latitude: region.center.latitude, longitude: region.center.longitude),
            latitudeDelta: region.span.latitudeDelta, longitudeDelta: region.span.longitudeDelta)
    }
}

extension MKCoordinateRegion {
    /// The region the bridge computed (``MercatorCamera/mapKitRegion``).
    public init(_ region: MapKitRegion) {
        self.init(
            center: CLLocationCoordinate2D(region.center),
            span: MKCoordinateSpan(latitudeDelta: region.latitudeDelta, longitudeDelta: region.longitudeDelta))
    }
}
#endif
