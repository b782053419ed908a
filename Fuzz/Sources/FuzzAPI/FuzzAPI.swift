import GeoMath
import Projection

/// libFuzzer entry: random calls of the public API with arbitrary doubles. The bytes are read
/// as a sequence of (operation byte, doubles) records; every call either throws its typed
/// error or returns values that are all finite, and a camera that threw is unchanged.
func fuzzAPI(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    var input = Input(bytes: UnsafeBufferPointer(start: data, count: size))
    var camera = try! MapCamera(
        centerMercator: MercatorPoint(x: 0, y: 0), zoom: 3, viewportWidth: 390, viewportHeight: 844)
    while let operation = input.byte() {
        switch operation % 16 {
        case 0:
            if let coordinate = try? Coordinate(latitude: input.double(), longitude: input.double()) {
                check(coordinate)
            }
        case 1:
            if let coordinate = try? Coordinate.normalized(latitude: input.double(), longitude: input.double()) {
                check(coordinate)
            }
        case 2:
            guard let center = input.coordinate() else { continue }
            if let region = try? CoordinateRegion(center: center, radiusMeters: input.double()) {
                check(region)
            }
        case 3:
            guard let a = input.coordinate(), let b = input.coordinate() else { continue }
            let path = a.geodesic(to: b)
            checkFinite(a.distance(to: b), path.distanceMeters, path.initialAzimuthDegrees, path.finalAzimuthDegrees)
        case 4:
            guard let a = input.coordinate() else { continue }
            if let destination = try? a.destination(distanceMeters: input.double(), azimuthDegrees: input.double()) {
                check(destination.coordinate)
                checkFinite(destination.finalAzimuthDegrees)
            }
        case 5:
            guard let coordinate = input.coordinate() else { continue }
            let mercator = mustSucceed { () throws(ProjectionError) in try transformer.project(coordinate) }
            checkFinite(mercator.x, mercator.y)
            if let back = try? transformer.coordinate(for: MercatorPoint(x: input.double(), y: input.double())) {
                check(back)
            }
        case 6:
            guard let center = input.coordinate(), let region = try? CoordinateRegion(center: center, radiusMeters: abs(input.double()) + 1)
            else { continue }
            guard let frame = try? PreviewFrame(
                region: region, widthPoints: input.double(), heightPoints: input.double(), displayScale: input.double(),
                transformer: transformer)
            else { continue }
            checkFinite(frame.pointsPerMeter, frame.pixelsPerMeter, frame.widthPoints, frame.heightPoints)
            if let point = try? frame.point(forMercator: MercatorPoint(x: input.double(), y: input.double())) {
                checkFinite(point.x, point.y)
            }
            if let coordinate = try? frame.coordinate(for: ScreenPoint(x: input.double(), y: input.double()), transformer: transformer) {
                check(coordinate)
            }
        case 7:
            let before = camera
            do throws(ProjectionError) {
                switch input.byte().map({ $0 % 4 }) ?? 0 {
                case 0: try camera.pinch(scale: input.double(), anchor: ScreenPoint(x: input.double(), y: input.double()))
                case 1: try camera.pan(dx: input.double(), dy: input.double())
                case 2: try camera.doubleTap(at: ScreenPoint(x: input.double(), y: input.double()))
                default: try camera.resize(width: input.double(), height: input.double())
                }
            } catch {
                precondition(camera == before, "a rejected event changed the camera")
            }
            check(camera)
        case 8:
            if let made = try? MapCamera(
                centerMercator: MercatorPoint(x: input.double(), y: input.double()), zoom: input.double(),
                viewportWidth: input.double(), viewportHeight: input.double())
            {
                check(made)
            }
        case 9:
            if let point = try? camera.point(forMercator: MercatorPoint(x: input.double(), y: input.double())) {
                checkFinite(point.x, point.y)
            }
            if let mercator = try? camera.mercator(at: ScreenPoint(x: input.double(), y: input.double())) {
                checkFinite(mercator.x, mercator.y)
            }
        case 10:
            if let limits = try? CameraZoomLimits(minimumZoom: input.double(), maximumZoom: input.double()) {
                camera.setLimits(limits)
                check(camera)
            }
        case 12:
            // A frame over any valid region (radius straight from the input), then its inverse
            // on arbitrary points.
            guard let center = input.coordinate(), let region = try? CoordinateRegion(center: center, radiusMeters: input.double()),
                  let frame = try? PreviewFrame(
                    region: region, widthPoints: input.double(), heightPoints: input.double(), displayScale: input.double(),
                    transformer: transformer)
            else { continue }
            checkFinite(frame.pointsPerMeter, frame.pixelsPerMeter)
            if let mercator = try? frame.mercator(for: ScreenPoint(x: input.double(), y: input.double())) {
                checkFinite(mercator.x, mercator.y)
            }
            if let coordinate = input.coordinate() {
                let point = mustSucceed { () throws(ProjectionError) in try frame.point(for: coordinate, transformer: transformer) }
                checkFinite(point.x, point.y)
            }
            var announcements: [Announcement] = []
            for status in ["MISSING", " found ", "CLOSED", "lost"] {
                announcements.append(Announcement(id: status, status: status, latitude: input.double(), longitude: input.double()))
            }
            let layout = mustSucceed { () throws(ProjectionError) in
                try PinLayout(announcements: announcements, frame: frame, transformer: transformer)
            }
            for pin in layout.pins { checkFinite(pin.point.x, pin.point.y, pin.distanceMeters, pin.mercator.x, pin.mercator.y) }
        case 13:
            // Cameras from coordinates and regions, and the camera's own PROJ conversions.
            if let center = input.coordinate(),
               let made = try? MapCamera(
                center: center, zoom: input.double(), viewportWidth: input.double(), viewportHeight: input.double(),
                transformer: transformer)
            {
                check(made)
            }
            if let center = input.coordinate(), let region = try? CoordinateRegion(center: center, radiusMeters: input.double()) {
                if let fitted = try? MapCamera(
                    fitting: region, viewportWidth: input.double(), viewportHeight: input.double(), transformer: transformer)
                {
                    check(fitted)
                }
                let before = camera
                do throws(ProjectionError) {
                    try camera.fit(region, transformer: transformer)
                } catch {
                    precondition(camera == before, "a failed fit changed the camera")
                }
                check(camera)
            }
            if let coordinate = input.coordinate() {
                let point = mustSucceed { () throws(ProjectionError) in try camera.point(for: coordinate, transformer: transformer) }
                checkFinite(point.x, point.y)
            }
            if let coordinate = try? camera.coordinate(at: ScreenPoint(x: input.double(), y: input.double()), transformer: transformer) {
                check(coordinate)
            }
            check(mustSucceed { () throws(ProjectionError) in try camera.centerCoordinate(transformer: transformer) })
        case 14:
            let coordinates = (0..<4).compactMap { _ in input.coordinate() }
            let pins = mustSucceed { () throws(ProjectionError) in try ProjectedPins(coordinates: coordinates, transformer: transformer) }
            var output: [ScreenPoint] = []
            camera.place(pins, into: &output)
            for point in output { checkFinite(point.x, point.y) }
        case 15:
            if let bounds = try? CoordinateBounds(south: input.double(), north: input.double(), west: input.double(), east: input.double()) {
                checkFinite(bounds.longitudeWidthDegrees)
                if let coordinate = input.coordinate() { _ = bounds.contains(coordinate) }
            }
            if let center = input.coordinate(), let region = try? CoordinateRegion(center: center, radiusMeters: input.double()),
               let coordinate = input.coordinate()
            {
                _ = region.contains(coordinate)
            }
        default:
            let points = (0..<3).map { _ in MercatorPoint(x: input.double(), y: input.double()) }
            if let pins = try? ProjectedPins(mercator: points) {
                var output: [ScreenPoint] = []
                camera.place(pins, into: &output)
                for point in output { checkFinite(point.x, point.y) }
            }
        }
    }
    return 0
}

/// One transformer for the whole run: libFuzzer calls the entry point on one thread.
nonisolated(unsafe) let transformer = try! WebMercatorTransformer()

/// The fuzz input, consumed front to back; exhausted input reads as zeros.
struct Input {
    let bytes: UnsafeBufferPointer<UInt8>
    var offset = 0

    mutating func byte() -> UInt8? {
        guard offset < bytes.count else { return nil }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// Eight bytes as a double (any bit pattern: NaN, infinities, subnormals, -0).
    mutating func double() -> Double {
        var bits: UInt64 = 0
        for _ in 0..<8 { bits = bits << 8 | UInt64(byte() ?? 0) }
        return Double(bitPattern: bits)
    }

    mutating func coordinate() -> Coordinate? {
        try? Coordinate(latitude: double(), longitude: double())
    }
}

func checkFinite(_ values: Double...) {
    precondition(values.allSatisfy(\.isFinite), "non-finite result \(values)")
}

func check(_ coordinate: Coordinate) {
    checkFinite(coordinate.latitude, coordinate.longitude)
    precondition(abs(coordinate.latitude) <= 90 && abs(coordinate.longitude) <= 180, "invalid \(coordinate)")
}

func check(_ region: CoordinateRegion) {
    let bounds = region.bounds, span = region.span
    checkFinite(bounds.south, bounds.north, bounds.west, bounds.east, span.latitudeDelta, span.longitudeDelta)
    precondition(bounds.south <= bounds.north && span.latitudeDelta >= 0 && span.latitudeDelta <= 180
        && span.longitudeDelta >= 0 && span.longitudeDelta <= 360, "invalid region \(region)")
    precondition(bounds.contains(region.center), "region does not contain its center \(region)")
}

func check(_ camera: MapCamera) {
    let center = camera.centerMercator
    checkFinite(center.x, center.y, camera.zoom, camera.pointsPerMeter, camera.viewportWidth, camera.viewportHeight)
    precondition(camera.zoom >= camera.limits.minimumZoom && camera.zoom <= camera.limits.maximumZoom, "zoom \(camera.zoom)")
    let bounds = mustSucceed { () throws(ProjectionError) in try camera.visibleBounds(transformer: transformer) }
    checkFinite(bounds.south, bounds.north, bounds.west, bounds.east)
}

/// A call that must not fail for valid input: a thrown error is a finding too.
func mustSucceed<Value>(_ body: () throws(ProjectionError) -> Value) -> Value {
    do {
        return try body()
    } catch {
        preconditionFailure("a call on valid input failed: \(error)")
    }
}
