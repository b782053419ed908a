// A stand-in for Apple's MapKit, for scripts/check_mapkit_bridge.sh only: the MKGeometry
// declarations as Apple documents them (developer.apple.com/documentation/mapkit: MKMapPoint,
// MKMapSize, MKMapRect, MKCoordinateSpan, MKCoordinateRegion), with every initializer of each
// type, so that an overload the bridge adds is checked against all of Apple's; and the few
// MKMapView and MKMapCamera members an adopter passes to the bridge, and the
// MKMapSnapshotter.Options members the preview's snapshot recipe sets. `import MapKit` re-exports
// CoreLocation and Foundation, as Apple's does (so the whole Projection module is checked with
// Foundation's members visible, as on Apple platforms). Signatures only: the bodies are
// placeholders and no behaviour is modelled.
@_exported import CoreLocation
import UIKit
@_exported import Foundation

public struct MKMapPoint: Sendable {
    public var x: Double
    public var y: Double
    public init() { x = 0; y = 0 }
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    public init(_ coordinate: CLLocationCoordinate2D) { self.init() }
    public var coordinate: CLLocationCoordinate2D { CLLocationCoordinate2D() }
    public func distance(to b: MKMapPoint) -> CLLocationDistance { 0 }
}

public struct MKMapSize: Sendable {
    public var width: Double
    public var height: Double
    public init() { width = 0; height = 0 }
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    public static let world = MKMapSize()
}

public struct MKMapRect: Sendable {
    public var origin: MKMapPoint
    public var size: MKMapSize
    public init() { origin = MKMapPoint(); size = MKMapSize() }
    public init(origin: MKMapPoint, size: MKMapSize) { self.origin = origin; self.size = size }
    public init(x: Double, y: Double, width: Double, height: Double) { self.init() }
    public static let world = MKMapRect()
    public static let null = MKMapRect()
    public var minX: Double { 0 }
    public var minY: Double { 0 }
    public var midX: Double { 0 }
    public var midY: Double { 0 }
    public var maxX: Double { 0 }
    public var maxY: Double { 0 }
    public var width: Double { 0 }
    public var height: Double { 0 }
    public var isNull: Bool { false }
    public var isEmpty: Bool { false }
    public var spans180thMeridian: Bool { false }
    public var remainder: MKMapRect { self }
    public func contains(_ point: MKMapPoint) -> Bool { false }
    public func contains(_ rect2: MKMapRect) -> Bool { false }
    public func intersects(_ rect2: MKMapRect) -> Bool { false }
    public func intersection(_ rect2: MKMapRect) -> MKMapRect { self }
    public func union(_ rect2: MKMapRect) -> MKMapRect { self }
    public func insetBy(dx: Double, dy: Double) -> MKMapRect { self }
    public func offsetBy(dx: Double, dy: Double) -> MKMapRect { self }
}

public struct MKCoordinateSpan: Sendable {
    public var latitudeDelta: CLLocationDegrees
    public var longitudeDelta: CLLocationDegrees
    public init() { latitudeDelta = 0; longitudeDelta = 0 }
    public init(latitudeDelta: CLLocationDegrees, longitudeDelta: CLLocationDegrees) { self.init() }
}

public struct MKCoordinateRegion: Sendable {
    public var center: CLLocationCoordinate2D
    public var span: MKCoordinateSpan
    public init() { center = CLLocationCoordinate2D(); span = MKCoordinateSpan() }
    public init(center: CLLocationCoordinate2D, span: MKCoordinateSpan) { self.init() }
    public init(_ rect: MKMapRect) { self.init() }
    public init(center centerCoordinate: CLLocationCoordinate2D, latitudinalMeters: CLLocationDistance, longitudinalMeters: CLLocationDistance) {
        self.init()
    }
}

// A class there (NSObject); heading in degrees clockwise from true north.
open class MKMapCamera: @unchecked Sendable {
    open var centerCoordinate = CLLocationCoordinate2D()
    open var heading: CLLocationDirection = 0
    open var pitch: CGFloat = 0
    open var centerCoordinateDistance: CLLocationDistance = 0
    public init() {}
}

// A UIView (NSView) there, main-actor isolated: the members an adopter passes to the bridge.
@MainActor
open class MKMapView {
    open var bounds: CGRect = .zero
    open var visibleMapRect = MKMapRect()
    open var region = MKCoordinateRegion()
    open var camera = MKMapCamera()
    public init() {}
    open func setVisibleMapRect(_ mapRect: MKMapRect, animated animate: Bool) {}
    open func setRegion(_ region: MKCoordinateRegion, animated: Bool) {}
}

// NSObject classes there. The options of a snapshot: the map rectangle it shows, its size in
// points and (iOS 13 and later) the trait collection carrying the display scale.
open class MKMapSnapshotter: @unchecked Sendable {
    public init(options: Options) {}

    open class Options: @unchecked Sendable {
        open var mapRect = MKMapRect()
        open var region = MKCoordinateRegion()
        open var camera = MKMapCamera()
        open var size: CGSize = .zero
        open var traitCollection = UITraitCollection()
        public init() {}
    }
}
