import FuzzSupport
import GeoMath
import Projection

/// libFuzzer entry: random calls of the public API with arbitrary doubles. The bytes are read
/// as a sequence of (operation byte, doubles) records; every call either throws its typed
/// error or returns values that are all finite, and a camera that threw is unchanged. Camera
/// events include rotate, pinch-rotate, insets, jump, fit and bounds; after each, the camera's
/// invariants hold (finite state, bearing in (-180, 180], zoom within the limits, insets that
/// leave a point each way). One operation byte in four (bits 3 and 4 both set) is one of the
/// renderer's and the gestures' operations instead (FuzzAPI+Rendering.swift: legend placement,
/// gesture sessions, inertia, tile covers and corners, MapKit conversions, scale bars,
/// transitions resized mid-flight); the other bytes keep the meaning they had before those
/// were added, so that the committed regression inputs replay as they were found.
func fuzzAPI(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    var input = Input(bytes: UnsafeBufferPointer(start: data, count: size))
    guard var camera = try? MercatorCamera(
        center: MercatorPoint(x: 0, y: 0), zoom: 3, widthPoints: 390, heightPoints: 844)
    else { preconditionFailure("the starting camera is valid") }
    var rendering = RenderingState()
    while let operation = input.byte() {
        if operation & 0x18 == 0x18 {
            fuzzRendering((operation & 7) | (operation & 0x20) >> 2, &input, &camera, &rendering)
            continue
        }
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
            if let region = try? GeodesicCircle(center: center, radiusMeters: input.double()) {
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
            let mercator = MercatorPoint(coordinate)
            checkFinite(mercator.x, mercator.y)
            precondition(WebMercator.isOnWorld(x: mercator.x, y: mercator.y), "projected off the world")
            check(mercator.coordinate)
            if let point = try? MercatorPoint(x: input.double(), y: input.double()) {
                check(point.coordinate)
            }
        case 6:
            guard let center = input.coordinate(), let region = try? GeodesicCircle(center: center, radiusMeters: abs(input.double()) + 1)
            else { continue }
            guard let frame = try? PreviewFrame(
                circle: region, widthPoints: input.double(), heightPoints: input.double(), displayScale: input.double())
            else { continue }
            checkFinite(frame.pointsPerMercatorMeter, frame.pixelsPerMercatorMeter, frame.widthPoints, frame.heightPoints)
            check(frame.transform)
            if let mercator = try? MercatorPoint(x: input.double(), y: input.double()) {
                let point = frame.point(for: mercator)
                checkFinite(point.x, point.y)
            }
            if let coordinate = try? frame.coordinate(at: ScreenPoint(x: input.double(), y: input.double())) {
                check(coordinate)
            }
        case 7:
            // The same event through the validating path and the gesture method: a rejected
            // event changes nothing, and the gesture method then ignores it (same camera).
            let before = camera
            let event: CameraEvent
            switch input.byte().map({ $0 % 11 }) ?? 0 {
            case 0: event = .pinch(scale: input.double(), anchor: ScreenPoint(x: input.double(), y: input.double()))
            case 1: event = .pan(dx: input.double(), dy: input.double())
            case 2: event = .doubleTap(ScreenPoint(x: input.double(), y: input.double()))
            case 3: event = .resize(width: input.double(), height: input.double())
            case 4: event = .rotate(degrees: input.number(), anchor: ScreenPoint(x: input.number(), y: input.number()))
            case 5:
                event = .pinchRotate(
                    scale: input.number(), degrees: input.number(), anchor: ScreenPoint(x: input.number(), y: input.number()),
                    dx: input.number(), dy: input.number())
            case 6:
                let keeping: MercatorCamera.InsetsChange = (input.byte() ?? 0) & 1 == 0 ? .center : .content
                event = .insets(top: input.number(), left: input.number(), bottom: input.number(), right: input.number(), keeping: keeping)
            case 7:
                // Each value present or not, as a script leaves keys out.
                let present = input.byte() ?? 0
                event = .jump(
                    latitude: present & 1 != 0 ? input.number() : nil, longitude: present & 2 != 0 ? input.number() : nil,
                    zoom: present & 4 != 0 ? input.number() : nil, bearing: present & 8 != 0 ? input.number() : nil)
            case 8:
                // Small shapes, so that an execution stays fast: at most three places, a radius
                // below 100 km (a circle's fit searches its boundary through PROJ).
                let shape: CameraEvent.FitShape
                switch (input.byte() ?? 0) % 3 {
                case 0:
                    var radius = input.number()
                    if radius.isFinite { radius = radius.truncatingRemainder(dividingBy: 100_000) }
                    shape = .region(latitude: input.number(), longitude: input.number(), radiusMeters: radius)
                case 1:
                    shape = .bounds(south: input.number(), north: input.number(), west: input.number(), east: input.number())
                default:
                    let count = Int((input.byte() ?? 0) % 4)
                    shape = .coordinates((0..<count).map { _ in CameraEvent.Place(latitude: input.number(), longitude: input.number()) })
                }
                let options = input.byte() ?? 0
                event = .fit(
                    shape, padding: options & 1 != 0 ? input.number() : 0, bearing: options & 2 != 0 ? input.number() : nil,
                    zoomSnap: options & 4 != 0 ? input.number() : nil)
            case 9:
                let mode: CameraBounds.Mode = (input.byte() ?? 0) & 1 == 0 ? .viewport : .center
                event = .bounds(south: input.number(), north: input.number(), west: input.number(), east: input.number(), mode: mode)
            default:
                event = .clearBounds
            }
            var direct = camera
            switch event {
            case .pinch(let scale, let anchor): direct.pinch(scale: scale, anchor: anchor)
            case .pan(let dx, let dy): direct.pan(dx: dx, dy: dy)
            case .doubleTap(let point): direct.doubleTap(at: point)
            case .resize(let width, let height): direct.resize(widthPoints: width, heightPoints: height)
            case .rotate(let degrees, let anchor): direct.rotate(degrees: degrees, around: anchor)
            case .pinchRotate(let scale, let degrees, let anchor, let dx, let dy):
                direct.pinchRotate(scale: scale, degrees: degrees, anchor: anchor, dx: dx, dy: dy)
            // Settings have no non-throwing form: the same call, its error ignored.
            case .insets, .jump, .fit, .bounds, .clearBounds, .fly, .ease, .animatedDoubleTap, .release: try? direct.apply(event)
            }
            do throws(GeometryError) {
                try camera.apply(event)
            } catch {
                precondition(camera == before, "a rejected event changed the camera: \(event)")
            }
            precondition(direct == camera, "the gesture method and apply(_:) disagree on \(event): \(direct) vs \(camera)")
            check(camera)
        case 8:
            if let center = try? MercatorPoint(x: input.double(), y: input.double()),
               let made = try? MercatorCamera(
                center: center, zoom: input.double(), widthPoints: input.double(), heightPoints: input.double())
            {
                check(made)
            }
        case 9:
            if let mercator = try? MercatorPoint(x: input.double(), y: input.double()) {
                let point = camera.point(for: mercator)
                checkFinite(point.x, point.y)
            }
            if let mercator = try? camera.mercatorPoint(at: ScreenPoint(x: input.double(), y: input.double())) {
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
            guard let center = input.coordinate(), let region = try? GeodesicCircle(center: center, radiusMeters: input.double()),
                  let frame = try? PreviewFrame(
                    circle: region, widthPoints: input.double(), heightPoints: input.double(), displayScale: input.double())
            else { continue }
            checkFinite(frame.pointsPerMercatorMeter, frame.pixelsPerMercatorMeter)
            // Degenerate scales (row 42): a circle far below a point's size gets exactly the
            // largest scale, never a fall back to another regime, and a larger circle around the
            // same center never gets a larger scale.
            if region.radiusMeters <= 1e-14 {
                precondition(frame.pointsPerMercatorMeter == ScreenTransform.maximumPointsPerMercatorMeter,
                             "radius \(region.radiusMeters) m gave scale \(frame.pointsPerMercatorMeter)")
            }
            if let larger = try? GeodesicCircle(center: region.center, radiusMeters: region.radiusMeters * 2),
               let largerFrame = try? PreviewFrame(
                circle: larger, widthPoints: frame.widthPoints, heightPoints: frame.heightPoints, displayScale: frame.displayScale)
            {
                precondition(largerFrame.pointsPerMercatorMeter <= frame.pointsPerMercatorMeter * (1 + 1e-7),
                             "radius \(region.radiusMeters) m: twice the radius gave a larger scale")
            }
            if let mercator = try? frame.mercatorPoint(at: ScreenPoint(x: input.double(), y: input.double())) {
                checkFinite(mercator.x, mercator.y)
            }
            if let coordinate = input.coordinate() {
                let point = frame.point(for: coordinate)
                checkFinite(point.x, point.y)
            }
            var announcements: [Announcement] = []
            for status in ["MISSING", " found ", "CLOSED", "lost"] {
                announcements.append(Announcement(id: status, status: status, latitude: input.double(), longitude: input.double()))
            }
            let layout = PinLayout(announcements: announcements, frame: frame)
            for pin in layout.pins { checkFinite(pin.point.x, pin.point.y, pin.distanceMeters, pin.mercator.x, pin.mercator.y) }
            // The fullscreen map's pins of the same announcements: the preview's, bit for bit.
            let list = ClusterPinList(announcements: announcements)
            precondition(list.pins == layout.pins.map(ClusterPin.init) && list.skipped == layout.skipped,
                         "ClusterPinList differs from the preview's pins for \(announcements)")
        case 13:
            // Cameras from coordinates and regions, and the camera's own PROJ conversions.
            if let center = input.coordinate(),
               let made = try? MercatorCamera(
                center: center, zoom: input.double(), widthPoints: input.double(), heightPoints: input.double())
            {
                check(made)
            }
            // Made at a bearing and with insets in one call: valid, or a typed error.
            if let center = input.coordinate(),
               let insets = try? ScreenInsets(top: input.number(), left: input.number(), bottom: input.number(), right: input.number()),
               let made = try? MercatorCamera(
                center: center, zoom: input.double(), widthPoints: input.double(), heightPoints: input.double(),
                bearing: input.double(), insets: insets)
            {
                check(made)
                precondition(made.insets == insets, "insets \(insets) became \(made.insets)")
            }
            if let center = input.coordinate(), let region = try? GeodesicCircle(center: center, radiusMeters: input.double()) {
                if let fitted = try? MercatorCamera(
                    fitting: region, widthPoints: input.double(), heightPoints: input.double())
                {
                    check(fitted)
                }
                camera.fit(region)
                check(camera)
            }
            if let coordinate = input.coordinate() {
                let point = camera.point(for: coordinate)
                checkFinite(point.x, point.y)
            }
            if let coordinate = try? camera.coordinate(at: ScreenPoint(x: input.double(), y: input.double())) {
                check(coordinate)
            }
            check(camera.center)
        case 14:
            let coordinates = (0..<4).compactMap { _ in input.coordinate() }
            let pins = ProjectedPins(coordinates: coordinates)
            var output: [ScreenPoint] = []
            camera.place(pins, into: &output)
            for point in output { checkFinite(point.x, point.y) }
        case 15:
            if let bounds = try? CoordinateBounds(south: input.double(), north: input.double(), west: input.double(), east: input.double()) {
                checkFinite(bounds.longitudeWidthDegrees)
                if let coordinate = input.coordinate() { _ = bounds.contains(coordinate) }
            }
            if let center = input.coordinate(), let region = try? GeodesicCircle(center: center, radiusMeters: input.double()),
               let coordinate = input.coordinate()
            {
                _ = region.contains(coordinate)
            }
        default:
            let points = (0..<3).compactMap { _ in try? MercatorPoint(x: input.double(), y: input.double()) }
            let pins = ProjectedPins(mercatorPoints: points)
            var output: [ScreenPoint] = []
            camera.place(pins, into: &output)
            for point in output { checkFinite(point.x, point.y) }
        }
    }
    return 0
}

func check(_ coordinate: Coordinate) {
    checkFinite(coordinate.latitude, coordinate.longitude)
    precondition(abs(coordinate.latitude) <= 90 && abs(coordinate.longitude) <= 180, "invalid \(coordinate)")
}

func check(_ region: GeodesicCircle) {
    let bounds = region.bounds, span = region.span
    checkFinite(bounds.south, bounds.north, bounds.west, bounds.east, span.latitudeDelta, span.longitudeDelta)
    precondition(bounds.south <= bounds.north && span.latitudeDelta >= 0 && span.latitudeDelta <= 180
        && span.longitudeDelta >= 0 && span.longitudeDelta <= 360, "invalid region \(region)")
    precondition(bounds.contains(region.center), "region does not contain its center \(region)")
}

func check(_ camera: MercatorCamera) {
    let center = camera.centerMercator
    checkFinite(center.x, center.y, camera.zoom, camera.pointsPerMercatorMeter, camera.widthPoints, camera.heightPoints)
    precondition(camera.zoom >= camera.limits.minimumZoom && camera.zoom <= camera.limits.maximumZoom, "zoom \(camera.zoom)")
    // The bearing is finite and kept in (-180, 180].
    checkFinite(camera.bearing)
    precondition(camera.bearing > -180 && camera.bearing <= 180, "bearing \(camera.bearing)")
    // The requested insets are valid values; the effective ones leave a point each way, so the
    // focal point lies on the screen.
    let insets = camera.insets, effective = camera.effectiveInsets
    checkFinite(insets.top, insets.left, insets.bottom, insets.right, effective.top, effective.left, effective.bottom, effective.right)
    precondition([insets.top, insets.left, insets.bottom, insets.right].allSatisfy { $0 >= 0 }, "insets \(insets)")
    // (Exactly, as ScreenInsets.effective documents: they pass their own screen's validate,
    // so that setInsets(camera.effectiveInsets) and a legend given them are accepted.)
    do throws(GeometryError) {
        try effective.validate(widthPoints: camera.widthPoints, heightPoints: camera.heightPoints)
    } catch {
        preconditionFailure("effective insets \(effective) refused by their own \(camera.widthPoints) x \(camera.heightPoints) screen: \(error)")
    }
    let focal = camera.focalPoint
    precondition(focal.x >= 0 && focal.x <= camera.widthPoints && focal.y >= 0 && focal.y <= camera.heightPoints, "focal point \(focal)")
    check(camera.transform)
    let unobstructed = camera.unobstructedVisibleBounds
    checkFinite(unobstructed.south, unobstructed.north, unobstructed.west, unobstructed.east)
    precondition(unobstructed.south <= unobstructed.north, "invalid unobstructed bounds \(unobstructed)")
}

func check(_ transform: ScreenTransform) {
    let bounds = transform.visibleBounds
    checkFinite(bounds.south, bounds.north, bounds.west, bounds.east)
    precondition(bounds.south <= bounds.north && abs(bounds.north) <= WebMercator.maximumLatitude, "invalid visible bounds \(bounds)")
}
