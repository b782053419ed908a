// What an adopter writes beside MKMapView with the bridge, as README.md and docs/DESIGN.md
// show it (type-checked by scripts/check_mapkit_bridge.sh against the stand-ins).
import GeoMath
import MapKit
import Projection
import UIKit

@MainActor
func adopter(mapView: MKMapView, camera: inout MercatorCamera, index: PinClusterIndex, user: Coordinate) throws {
    // The 10 km around the user, to setRegion.
    let circle = GeodesicCircle.userVicinity(around: user)
    mapView.setRegion(MKCoordinateRegion(MapKitRegion(circle.region)), animated: true)
    // The camera's view, to MapKit.
    mapView.setVisibleMapRect(MKMapRect(camera.mapKitVisibleMapRect), animated: false)
    mapView.setRegion(MKCoordinateRegion(camera.mapKitRegion), animated: false)
    mapView.camera.heading = camera.mapKitHeading
    _ = MKMapPoint(camera.mapKitCenter).coordinate
    _ = MKMapPoint(CLLocationCoordinate2D(user))
    // MapKit's view, to the camera.
    try camera.show(MapKitMapRect(mapView.visibleMapRect))
    try camera.fit(.bounds(try MapKitRegion(mapView.region).coordinateRegion().bounds))
    // The pins MapKit's view shows.
    var items: [PlacedClusterItem] = []
    try index.items(
        in: MapKitMapRect(mapView.visibleMapRect), widthPoints: mapView.bounds.width, heightPoints: mapView.bounds.height,
        heading: mapView.camera.heading, into: &items)
    _ = try index.items(atLevel: 12, in: MapKitMapRect(mapView.visibleMapRect))
}

// A recognizer's state, to a gesture session's phase.
@MainActor
func phase(of recognizer: UIGestureRecognizer) -> GesturePhase? {
    GesturePhase(recognizer.state)
}

// The preview's snapshot under its pins (Projection.docc, ComputingAMapPreview: "snapshot the
// frame's own rectangle").
func snapshotOptions(frame: PreviewFrame, circle: GeodesicCircle) throws -> MKMapSnapshotter.Options {
    let camera = try MercatorCamera(fitting: circle, widthPoints: frame.widthPoints, heightPoints: frame.heightPoints)
    let options = MKMapSnapshotter.Options()
    options.mapRect = MKMapRect(camera.mapKitVisibleMapRect)
    options.size = CGSize(width: frame.widthPoints, height: frame.heightPoints)
    options.traitCollection = UITraitCollection(displayScale: frame.displayScale)
    return options
}
