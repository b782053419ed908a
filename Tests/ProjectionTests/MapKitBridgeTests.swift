import CMallocCounter
import Foundation
import GeoMath
@testable import Projection
import Testing
import TestSupport

@Suite("MapKit bridge")
struct MapKitBridgeTests {
    @Test("checking a MapKit map rectangle, which the MapKit-state viewport query does every frame, allocates nothing (two array literals allocated twice a call)", .enabled(if: malloc_counter_is_available() == 1, "allocations are counted only with glibc and no sanitizer"))
    func rectangleCheckDoesNotAllocate() throws {
        let rect = MapKitMapRect(x: 1_000, y: 2_000, width: 3_000, height: 4_000)
        var centers = 0.0
        try rect.check(allowingEmpty: false)
        let before = malloc_counter_thread_allocations()
        for _ in 0..<1_000 {
            try rect.check(allowingEmpty: false)
            try rect.check(allowingEmpty: true)
            centers += try rect.centerMercator().x
        }
        #expect(malloc_counter_thread_allocations() - before == 0)
        #expect(centers.isFinite)
        // The errors still name the part at fault.
        for (bad, name) in [
            (MapKitMapRect(x: .nan, y: 0, width: 1, height: 1), "map rectangle x"),
            (MapKitMapRect(x: 0, y: .infinity, width: 1, height: 1), "map rectangle y"),
            (MapKitMapRect(x: 0, y: 0, width: 0, height: 1), "map rectangle width"),
            (MapKitMapRect(x: 0, y: 0, width: 1, height: -1), "map rectangle height"),
        ] {
            let error = #expect(throws: GeometryError.self) { try bad.check(allowingEmpty: false) }
            #expect(error?.description.contains(name) == true, "\(name)")
        }
        try MapKitMapRect(x: 0, y: 0, width: 0, height: 0).check(allowingEmpty: true)
    }

    /// The projection MapKit is known to use for a coordinate (MKMapPointForCoordinate): the
    /// spherical Mercator formula on geodetic latitude, scaled to 2^28 points (`MKMapSize.world`;
    /// Apple documents neither the formula nor the units).
    static func mapPoint(latitude: Double, longitude: Double) -> (x: Double, y: Double) {
        let size = 268_435_456.0, phi = latitude * .pi / 180
        return ((longitude + 180) / 360 * size, (0.5 - log(tan(.pi / 4 + phi / 2)) / (2 * .pi)) * size)
    }

    @Test("map points: (0, 0) is (2^27, 2^27); 1 000 random coordinates give MapKit's formula within 1e-6 map points, and back within 1e-9 degrees")
    func mapPoints() throws {
        let origin = MapKitMapPoint(try Coordinate(latitude: 0, longitude: 0))
        #expect(origin == MapKitMapPoint(x: 134_217_728, y: 134_217_728))
        var random = SeededRandom(seed: 28)
        for _ in 0..<1_000 {
            let latitude = random.uniform() * 170 - 85, longitude = random.uniform() * 360 - 180
            let point = MapKitMapPoint(try Coordinate(latitude: latitude, longitude: longitude))
            let expected = Self.mapPoint(latitude: latitude, longitude: longitude)
            #expect(isClose(point.x, expected.x, within: 1e-6) && isClose(point.y, expected.y, within: 1e-6), "\(latitude), \(longitude)")
            let back = try point.mercator().coordinate
            #expect(isClose(back.latitude, latitude, within: 1e-9) && abs(longitudeDifference(back.longitude, longitude)) < 1e-9)
        }
    }

    static func randomCamera(_ random: inout SeededRandom) throws -> MercatorCamera {
        var camera = try MercatorCamera(
            center: Coordinate(latitude: random.uniform() * 140 - 70, longitude: random.uniform() * 360 - 180),
            zoom: 3 + random.uniform() * 19, widthPoints: Double(random.int(100...1_400)), heightPoints: Double(random.int(100...1_400)))
        try camera.jump(bearing: random.uniform() * 360 - 180)
        if random.chance(50) {
            let w = camera.widthPoints, h = camera.heightPoints
            try camera.setInsets(ScreenInsets(
                top: random.uniform() * h / 10, left: random.uniform() * w / 10, bottom: random.uniform() * h * 0.4, right: random.uniform() * w / 10))
        }
        return camera
    }

    @Test("BAD_INPUTS row 83: a coordinate at or beyond the clamp latitude (a polar user: 85.0511287798066, 89, 90, at any longitude) has a map point on the world's edge, y = 0, that converts back (before: y was -3e-8, its mercator() threw, and a rectangle centred on it was refused by show); a MercatorPoint a micrometre beyond the edge too")
    func polarMapPointsConvertBack() throws {
        for latitude in [WebMercator.maximumLatitude, 89, 90] {
            for longitude in [-180.0, 0, 10, 179.5] {
                let point = MapKitMapPoint(try Coordinate(latitude: latitude, longitude: longitude))
                #expect(point.y == 0, "\(latitude), \(longitude): y \(point.y)")
                let back = try point.mercator().coordinate
                #expect(isClose(back.latitude, WebMercator.maximumLatitude, within: 1e-9))
                var camera = try MercatorCamera(center: Coordinate(latitude: 0, longitude: 0), zoom: 3, widthPoints: 390, heightPoints: 844)
                try camera.show(MapKitMapRect(x: point.x - 500, y: point.y - 500, width: 1_000, height: 1_000))
            }
        }
        let south = MapKitMapPoint(try Coordinate(latitude: -90, longitude: 0))
        #expect(south.y == MapKitMapPoint.worldSize)
        let beyond = MapKitMapPoint(try MercatorPoint(x: 0, y: WebMercator.worldWidthMeters / 2 + 1e-6))
        #expect(beyond.y == 0)
        #expect(try beyond.mercator().y == WebMercator.worldWidthMeters / 2)
    }

    @Test("visibleMapRect is the bounding rectangle of the screen's four corners (each unprojected through the camera) at any bearing, with insets: within 1e-5 map points over 500 random cameras; unrotated without insets it is exactly the screen times 2^(20 - zoom)")
    func visibleMapRect() throws {
        var random = SeededRandom(seed: 29)
        let size = MapKitMapPoint.worldSize
        for index in 0..<500 {
            let camera = try Self.randomCamera(&random)
            let rect = camera.mapKitVisibleMapRect, center = camera.mapKitCenter
            #expect(rect.origin.x >= 0 && rect.origin.x < size)
            // (Each corner is unprojected onto the world copy nearest the center: only a screen
            // reaching less than half a world from it has its corners there.)
            guard rect.width < size / 2 else { continue }
            var xs: [Double] = [], ys: [Double] = []
            for (px, py) in [(0.0, 0.0), (camera.widthPoints, 0), (camera.widthPoints, camera.heightPoints), (0, camera.heightPoints)] {
                let corner = MapKitMapPoint(try camera.mercatorPoint(at: ScreenPoint(x: px, y: py)))
                // The copy nearest the center (the screen is narrower than the world here).
                xs.append(center.x + (corner.x - center.x).remainder(dividingBy: size))
                ys.append(corner.y)
            }
            let west = xs.min()!.truncatingRemainder(dividingBy: size)
            let expectedX = west < 0 ? west + size : west
            let tolerance = 1e-5 * max(1, rect.width / 1e5)
            #expect(abs((rect.origin.x - expectedX).remainder(dividingBy: size)) < tolerance, "camera \(index)")
            #expect(isClose(rect.width, xs.max()! - xs.min()!, within: tolerance) && isClose(rect.height, ys.max()! - ys.min()!, within: tolerance), "camera \(index)")
            #expect(isClose(rect.origin.y, ys.min()!, within: tolerance), "camera \(index)")
        }
        let camera = try MercatorCamera(center: Coordinate(latitude: 48.8566, longitude: 2.3522), zoom: 15, widthPoints: 390, heightPoints: 844)
        let rect = camera.mapKitVisibleMapRect
        #expect(rect.width == 390 * 32 && rect.height == 844 * 32)
        #expect(isClose(rect.center.x, camera.mapKitCenter.x, within: 1e-7) && isClose(rect.center.y, camera.mapKitCenter.y, within: 1e-7))
    }

    @Test("visibleMapRect and the region against DESIGN.md's screen transform inverted in closed form, not the camera's unprojection: the rectangle is the screen outline's bounding box in map points, x = (X / W + 1/2) 2^28, y = (1/2 - Y / W) 2^28 (within 1e-6 screen points); the region's center is the focal point's coordinate and its deltas twice the outline's largest reach from it, capped at 180 and 360 (within 1e-9 degrees): bearings 30, 90, 180, -135 and more, zooms 2 to 20, near +-180 and the poles, with insets; 500 random cameras")
    func visibleMapRectAndRegionMatchFormula() throws {
        typealias Kit = RotatedCameraKit
        let size = MapKitMapPoint.worldSize, world = Kit.world
        var worstPoints = 0.0, worstDegrees = 0.0, cameras = 0, wrapped = 0
        func check(_ camera: MercatorCamera, _ label: String) {
            cameras += 1
            let e = Kit.formulaExtremes(camera, minX: 0, minY: 0, maxX: camera.widthPoints, maxY: camera.heightPoints)
            // Map points of the unwrapped extremes: x grows with the easting, y with the southing.
            let westX = (e.west / world + 0.5) * size, eastX = (e.east / world + 0.5) * size
            let northY = (0.5 - e.north / world) * size, southY = (0.5 - e.south / world) * size
            let rect = camera.mapKitVisibleMapRect
            let mapPointsPerPoint = exp2(20 - camera.zoom)
            let rectError = max(
                abs((rect.origin.x - westX).remainder(dividingBy: size)), abs(rect.origin.y - northY),
                abs(rect.width - (eastX - westX)), abs(rect.height - (southY - northY))) / mapPointsPerPoint
            if westX < 0 || westX >= size { wrapped += 1 }
            worstPoints = max(worstPoints, rectError)
            #expect(rect.origin.x >= 0 && rect.origin.x < size && rectError <= 1e-6, "\(label): rect \(rect) off by \(rectError) points")
            // The region: the focal point's coordinate, closed-form inverse Mercator of the center.
            let center = camera.centerMercator
            let region = camera.mapKitRegion
            let latitude = Kit.formulaLatitude(center.y)
            let north = Kit.formulaLatitude(min(e.north, world / 2)), south = Kit.formulaLatitude(max(e.south, -world / 2))
            let latitudeDelta = min(2 * max(north - latitude, latitude - south), 180)
            let longitudeDelta = min(2 * max(e.east - center.x, center.x - e.west) / world * 360, 360)
            let regionError = max(
                abs(region.center.latitude - latitude), abs(longitudeDifference(region.center.longitude, Kit.formulaLongitude(center.x))),
                abs(region.latitudeDelta - latitudeDelta), abs(region.longitudeDelta - longitudeDelta))
            worstDegrees = max(worstDegrees, regionError)
            #expect(regionError <= 1e-9, "\(label): region \(region) off by \(regionError) degrees")
        }
        let centers: [(Double, Double)] = [(0, 0), (60.2, 179.99), (-45, -179.999), (-17.7, 180), (84.9, 10), (-85, 179.9), (85.0511287798066, -180)]
        for (latitude, longitude) in centers {
            for zoom in [2.0, 3.5, 7, 12, 16.3, 20] {
                for bearing in [30.0, 90, 180, -135, 0, 47.3] {
                    for insets in [ScreenInsets.zero, try ScreenInsets(top: 120, left: 200, bottom: 30, right: 10)] {
                        var camera = try MercatorCamera(
                            center: Coordinate(latitude: latitude, longitude: longitude), zoom: zoom, widthPoints: 390, heightPoints: 844)
                        try camera.setInsets(insets)
                        try camera.jump(bearing: bearing)
                        check(camera, "(\(latitude), \(longitude)) zoom \(zoom) bearing \(bearing) \(insets)")
                    }
                }
            }
        }
        var random = SeededRandom(seed: 33)
        for index in 0..<500 {
            check(try Self.randomCamera(&random), "random camera \(index)")
        }
        // Measured over these 1 004 cameras (2026-11-28): 1.2e-7 points (map points near 2^28
        // round to 3e-8, a screen point at zoom 20) and 1.1e-13 degrees.
        // Rectangles whose west edge lies across the antimeridian from the center (x wrapped).
        #expect(wrapped > 20, "\(wrapped) of \(cameras) rectangles wrapped; worst \(worstPoints) points, \(worstDegrees) degrees")
    }

    @Test("MapKit's centerCoordinate (the map view's center) is the center of visibleMapRect at any bearing and insets, within 1e-6 points on 200 random cameras; mapKitCenter is the focal point's map point, 6.5 points from it under a 47-point top and 34-point bottom inset (the docs once called mapKitCenter MKMapCamera.centerCoordinate)")
    func viewCenterAndFocalPoint() throws {
        var random = SeededRandom(seed: 32)
        let size = MapKitMapPoint.worldSize
        for index in 0..<200 {
            let camera = try Self.randomCamera(&random)
            let rect = camera.mapKitVisibleMapRect
            guard rect.width < size / 2 else { continue }
            let middle = MapKitMapPoint(try camera.mercatorPoint(at: ScreenPoint(x: camera.widthPoints / 2, y: camera.heightPoints / 2)))
            let tolerance = 1e-6 * exp2(20 - camera.zoom)
            #expect(abs((rect.center.x - middle.x).remainder(dividingBy: size)) < tolerance && abs(rect.center.y - middle.y) < tolerance, "camera \(index)")
        }
        var camera = try MercatorCamera(center: Coordinate(latitude: 48.858, longitude: 2.345), zoom: 12.6, widthPoints: 390, heightPoints: 844)
        try camera.jump(bearing: 20)
        try camera.setInsets(ScreenInsets(top: 47, bottom: 34))
        let rect = camera.mapKitVisibleMapRect, focal = camera.mapKitCenter
        let offsetPoints = hypot(rect.center.x - focal.x, rect.center.y - focal.y) / exp2(20 - camera.zoom)
        #expect(isClose(offsetPoints, 6.5, within: 1e-6), "\(offsetPoints)")
        // Which way: north up, the focal point lies 6.5 points below (south of) the view's
        // center, as the larger top inset pushes the unobstructed rectangle down (the docs
        // once said above).
        try camera.jump(bearing: 0)
        let northUp = camera.mapKitVisibleMapRect, northUpFocal = camera.mapKitCenter
        #expect(isClose(camera.focalPoint.y - camera.heightPoints / 2, 6.5, within: 1e-9), "\(camera.focalPoint)")
        let southward = (northUpFocal.y - northUp.center.y) / exp2(20 - camera.zoom)
        #expect(isClose(southward, 6.5, within: 1e-6) && isClose(northUpFocal.x, northUp.center.x, within: 1e-6), "\(southward)")
    }

    @Test("BAD_INPUTS row 83: visibleMapRect's x stays in [0, 2^28) when its west edge lies a hair west of the antimeridian: 1.5e-8 map points west (a center 0.99999998509884 map points east of it on a 2-point screen at zoom 20) gives 0, not 2^28 (which the remainder plus one world rounded to)")
    func visibleMapRectWestEdgeJustWestOfAntimeridian() throws {
        let size = MapKitMapPoint.worldSize
        // The Mercator easting whose map point is 0.9999999850988388: one map point east of the
        // antimeridian less 1.49e-8; the screen's west edge lies one map point west of it.
        let camera = try MercatorCamera(
            center: MercatorPoint(x: -20_037_508.193498176, y: 0), zoom: 20, widthPoints: 2, heightPoints: 2)
        #expect(camera.mapKitCenter.x < 1 && camera.mapKitCenter.x > 1 - 1.5e-8)
        let rect = camera.mapKitVisibleMapRect
        #expect(rect.origin.x >= 0 && rect.origin.x < size, "x \(rect.origin.x)")
        // 1.5e-8 map points from the true west edge, the other side of the antimeridian.
        #expect(abs((rect.origin.x - (camera.mapKitCenter.x - 1)).remainder(dividingBy: size)) < 1e-7)
        // A few easting steps (3.7 nm each) around it: each x in [0, 2^28).
        var easting = -20_037_508.193498176
        for _ in 0..<8 {
            easting = easting.nextUp
            let shifted = try MercatorCamera(center: MercatorPoint(x: easting, y: 0), zoom: 20, widthPoints: 2, heightPoints: 2)
            let x = shifted.mapKitVisibleMapRect.origin.x
            #expect(x >= 0 && x < size, "easting \(easting): x \(x)")
        }
    }

    @Test("show(rect) is the inverse: a camera's own visibleMapRect, shown on a camera with the same screen, bearing and insets but elsewhere, gives back its center within 1e-6 points and its zoom within 1e-9 (300 random cameras)")
    func roundTrip() throws {
        var random = SeededRandom(seed: 30)
        for index in 0..<300 {
            let camera = try Self.randomCamera(&random)
            var other = try MercatorCamera(center: Coordinate(latitude: 10, longitude: 20), zoom: 5, widthPoints: camera.widthPoints, heightPoints: camera.heightPoints)
            try other.jump(bearing: camera.bearing)
            try other.setInsets(camera.insets)
            try other.show(camera.mapKitVisibleMapRect)
            #expect(abs(other.zoom - camera.zoom) < 1e-9, "camera \(index): zoom \(other.zoom) against \(camera.zoom)")
            let p = other.point(for: camera.centerMercator)
            #expect(abs(p.x - other.focalPoint.x) < 1e-6 && abs(p.y - other.focalPoint.y) < 1e-6, "camera \(index): center off by \(p) - \(other.focalPoint)")
        }
    }

    @Test("a rectangle of another shape is shown whole: its four corners are inside the new camera's visibleMapRect, which touches it on two sides")
    func showHoldsRect() throws {
        var camera = try MercatorCamera(center: Coordinate(latitude: 0, longitude: 0), zoom: 5, widthPoints: 390, heightPoints: 844)
        try camera.jump(bearing: 30)
        let rect = MapKitMapRect(x: 135_000_000, y: 90_000_000, width: 40_000, height: 10_000)
        try camera.show(rect)
        let shown = camera.mapKitVisibleMapRect
        #expect(shown.origin.x <= rect.origin.x + 1e-6 && shown.origin.y <= rect.origin.y + 1e-6)
        #expect(shown.origin.x + shown.width >= rect.origin.x + rect.width - 1e-6 && shown.origin.y + shown.height >= rect.origin.y + rect.height - 1e-6)
        #expect(isClose(shown.width, rect.width, within: 1e-6) || isClose(shown.height, rect.height, within: 1e-6))
    }

    @Test("BAD_INPUTS row 83: a rectangle needing a zoom beyond the limits is shown at the limit with the camera's visibleMapRect centred on it, with uneven insets and a bearing: a continent at a minimum zoom of 3 under a 400-point top inset is drawn at the screen's middle (before: at y 359, under the inset), a thousandth of a map point at a maximum of 18 too (before: at the focal point)")
    func showClampedZoomCentresTheRectangle() throws {
        let limits = try CameraZoomLimits(minimumZoom: 3, maximumZoom: 18)
        let middle = MapKitMapPoint(try Coordinate(latitude: 10, longitude: 20))
        for (bearing, insets) in [(0.0, try ScreenInsets(top: 400)), (30, try ScreenInsets(top: 120, left: 200, bottom: 30))] {
            var camera = try MercatorCamera(
                center: Coordinate(latitude: 0, longitude: 0), zoom: 5, widthPoints: 390, heightPoints: 844, limits: limits)
            try camera.jump(bearing: bearing)
            try camera.setInsets(insets)
            for (size, zoom) in [(MapKitMapPoint.worldSize / 2, 3.0), (1e-3, 18)] {
                let rect = MapKitMapRect(x: middle.x - size / 4, y: middle.y - size / 2, width: size / 2, height: size)
                var shown = camera
                try shown.show(rect)
                #expect(shown.zoom == zoom, "bearing \(bearing), size \(size): zoom \(shown.zoom)")
                // The visible rectangle's center is the rectangle's, in map points (at zoom 3 one
                // map point is 3e-5 screen points; at 18, 1.0).
                let visible = shown.mapKitVisibleMapRect.center
                let tolerance = 1e-6 * exp2(20 - zoom)
                #expect(abs(visible.x - rect.center.x) < tolerance && abs(visible.y - rect.center.y) < tolerance,
                        "bearing \(bearing), size \(size): visible center (\(visible.x), \(visible.y)) against (\(rect.center.x), \(rect.center.y))")
                // On screen: the rectangle's center at the middle of the screen (the middle of
                // the box of the outline, as at an unclamped zoom), within 1e-6 points.
                let p = shown.point(for: try rect.center.mercator())
                #expect(abs(p.x - 195) < 1e-6 && abs(p.y - 422) < 1e-6, "bearing \(bearing), size \(size): drawn at \(p)")
            }
        }
    }

    @Test("the region is centred on the focal point's coordinate and its spans are the smallest symmetric ones holding the four corners (300 random cameras); heading is the bearing in [0, 360)")
    func regionAndHeading() throws {
        var random = SeededRandom(seed: 31)
        for index in 0..<300 {
            let camera = try Self.randomCamera(&random)
            let region = camera.mapKitRegion
            #expect(region.center == camera.center)
            var latitudeReach = 0.0, longitudeReach = 0.0
            for (px, py) in [(0.0, 0.0), (camera.widthPoints, 0), (camera.widthPoints, camera.heightPoints), (0, camera.heightPoints)] {
                let corner = try camera.coordinate(at: ScreenPoint(x: px, y: py))
                latitudeReach = max(latitudeReach, abs(corner.latitude - region.center.latitude))
                longitudeReach = max(longitudeReach, abs(longitudeDifference(corner.longitude, region.center.longitude)))
            }
            #expect(isClose(region.latitudeDelta, min(2 * latitudeReach, 180), within: 1e-9), "camera \(index)")
            #expect(isClose(region.longitudeDelta, min(2 * longitudeReach, 360), within: 1e-9), "camera \(index)")
            #expect(camera.mapKitHeading >= 0 && camera.mapKitHeading < 360)
            #expect(isClose((camera.mapKitHeading - camera.bearing).remainder(dividingBy: 360), 0, within: 1e-12))
        }
        var camera = try MercatorCamera(center: Coordinate(latitude: 0, longitude: 0), zoom: 5, widthPoints: 390, heightPoints: 844)
        for (bearing, heading) in [(-90.0, 270.0), (0, 0), (180, 180), (-0.0, 0), (90, 90), (-1e-14, 0)] {
            try camera.jump(bearing: bearing)
            #expect(camera.mapKitHeading == heading && camera.mapKitHeading.sign == .plus, "\(bearing)")
        }
    }

    @Test("BAD_INPUTS row 83: MapKitRegion and GeoMath's CoordinateRegion convert both ways: a circle's region keeps its center and deltas, a camera's region converts and its bounds hold the view north and south (below MapKit's 180-degree cap); a delta set out of range throws invalidSpan naming it (before: no MapKitRegion could be made outside the camera, so a circle's region had no way to MKCoordinateRegion)")
    func regionConversions() throws {
        let circle = GeodesicCircle.userVicinity(around: try Coordinate(latitude: 48.8566, longitude: 2.3522))
        let region = MapKitRegion(circle.region)
        #expect(region.center == circle.center && region.latitudeDelta == circle.span.latitudeDelta
            && region.longitudeDelta == circle.span.longitudeDelta)
        #expect(try region.coordinateRegion() == circle.region)
        var random = SeededRandom(seed: 31)
        for _ in 0..<100 {
            let camera = try TileCoverTests.randomCamera(&random)
            let converted = try camera.mapKitRegion.coordinateRegion()
            #expect(MapKitRegion(converted) == camera.mapKitRegion)
            // (MapKit's spans stop at 180 and 360 degrees: a view needing more is not held.)
            guard converted.span.latitudeDelta < 180 else { continue }
            let bounds = converted.bounds, view = camera.visibleBounds
            #expect(bounds.south <= view.south + 1e-9 && bounds.north >= view.north - 1e-9, "\(bounds) against \(view)")
        }
        // A map view's region field by field, as an app has it from MKMapView.region.
        let fromFields = MapKitRegion(center: circle.center, latitudeDelta: circle.span.latitudeDelta, longitudeDelta: circle.span.longitudeDelta)
        let converted = try fromFields.coordinateRegion()
        #expect(fromFields == region && converted == circle.region)
        for (latitude, longitude, name) in [(Double.nan, 1.0, "latitudeDelta"), (181, 1, "latitudeDelta"), (-1, 1, "latitudeDelta"),
                                            (1, 361, "longitudeDelta"), (1, .infinity, "longitudeDelta")] {
            let bad = MapKitRegion(center: region.center, latitudeDelta: latitude, longitudeDelta: longitude)
            #expect {
                _ = try bad.coordinateRegion()
            } throws: { error in
                guard case GeometryError.invalidSpan(name, _, _)? = error as? GeometryError else { return false }
                return true
            }
        }
    }

    @Test("BAD_INPUTS row 83: bad rectangles throw typed errors and leave the camera as it was: NaN, infinite, zero or negative sizes, a center beyond the world north or south; map points off the world have no Mercator point")
    func badRects() throws {
        var camera = try MercatorCamera(center: Coordinate(latitude: 48.8566, longitude: 2.3522), zoom: 12, widthPoints: 390, heightPoints: 844)
        let before = camera
        for rect in [
            MapKitMapRect(x: .nan, y: 0, width: 1, height: 1), MapKitMapRect(x: 0, y: .infinity, width: 1, height: 1),
            MapKitMapRect(x: 0, y: 0, width: 0, height: 1), MapKitMapRect(x: 0, y: 0, width: 1, height: -5),
            MapKitMapRect(x: 0, y: 0, width: .nan, height: 1), MapKitMapRect(x: 0, y: -1e6, width: 10, height: 10),
            MapKitMapRect(x: 0, y: MapKitMapPoint.worldSize, width: 10, height: 10),
        ] {
            #expect(throws: GeometryError.self, "\(rect)") { try camera.show(rect) }
            #expect(camera == before)
        }
        // The center is not a point the caller gave: its error names it as the rectangle's.
        let south = #expect(throws: GeometryError.self) { try camera.show(MapKitMapRect(x: 0, y: MapKitMapPoint.worldSize - 4, width: 10, height: 10)) }
        #expect(south == .invalidRendererParameter(
            name: "map rect center y (y + height / 2)", value: MapKitMapPoint.worldSize + 1, expected: "a number of map points in [0, 268435456] (on the world)"))
        let wide = #expect(throws: GeometryError.self) { try camera.show(MapKitMapRect(x: 1.7e308, y: 1e8, width: 1.7e308, height: 10)) }
        #expect(wide == .invalidRendererParameter(name: "map rect center x (x + width / 2)", value: .infinity, expected: "a finite number of map points"))
        #expect(camera == before)
        #expect(throws: GeometryError.self) { try MapKitMapPoint(x: 0, y: -1).mercator() }
        #expect(throws: GeometryError.self) { try MapKitMapPoint(x: .infinity, y: 0).mercator() }
        // A rectangle of a thousandth of a map point, or of a thousand worlds: the zoom limits hold.
        try camera.show(MapKitMapRect(x: 1e8, y: 1e8, width: 1e-3, height: 1e-3))
        #expect(camera.zoom == camera.limits.maximumZoom)
        try camera.show(MapKitMapRect(x: 1e8, y: 1e8, width: 2.7e11, height: 1e6))
        #expect(camera.zoom >= camera.limits.minimumZoom && camera.zoom.isFinite)
    }
}
