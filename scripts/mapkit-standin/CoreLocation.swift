// A stand-in for Apple's CoreLocation, for scripts/check_mapkit_bridge.sh only: the
// declarations Apple documents (developer.apple.com/documentation/corelocation) for what
// MapKitBridge+Apple.swift and an adopter of it touch. Signatures only; no behaviour is modelled.
public typealias CLLocationDegrees = Double
public typealias CLLocationDistance = Double
public typealias CLLocationDirection = Double

public struct CLLocationCoordinate2D: Sendable {
    public var latitude: CLLocationDegrees
    public var longitude: CLLocationDegrees
    public init() { latitude = 0; longitude = 0 }
    public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        self.latitude = latitude
        self.longitude = longitude
    }
}
