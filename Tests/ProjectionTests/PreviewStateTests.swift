import GeoMath
import Testing

@testable import Projection

/// The landing page's preview model: every state against every event, and the legend.
@Suite("PreviewState")
struct PreviewStateTests {
    static var paris: Coordinate { get throws { try Coordinate(latitude: 48.8566, longitude: 2.3522) } }
    static var oslo: Coordinate { get throws { try Coordinate(latitude: 59.91, longitude: 10.75) } }
    static let timer = PreviewEffect.startLoadTimer(seconds: 10)

    static func frame(around location: Coordinate) throws -> PreviewFrame {
        try PreviewFrame(region: .userVicinity(around: location), widthPoints: 390, transformer: WebMercatorTransformer())
    }

    /// One sample of every state.
    static func states() throws -> [PreviewState] {
        [
            .loading(location: nil), .loading(location: try paris),
            .map(region: .userVicinity(around: try paris), frame: try frame(around: try paris)),
            .failed(message: "boom", location: nil), .failed(message: "boom", location: try paris),
        ] + PermissionProblem.allCases.map(PreviewState.permissionRequired)
    }

    /// One sample of every event (a snapshot for Paris, the location captured in the samples,
    /// and one for Oslo, a stale region).
    static func events() throws -> [PreviewEvent] {
        LocationPermission.allCases.map(PreviewEvent.permissionChanged) + [
            .locationArrived(try oslo), .snapshotSucceeded(try frame(around: try paris)), .snapshotSucceeded(try frame(around: try oslo)),
            .snapshotFailed(message: "no network"), .loadTimedOut, .retry, .tap(ScreenPoint(x: 10, y: 20)),
        ]
    }

    /// The expected outcome of every pair, written from the issue's rules, one rule per event.
    static func expected(_ state: PreviewState, _ event: PreviewEvent) throws -> (PreviewState, [PreviewEffect]) {
        let unchanged = (state, [PreviewEffect]())
        switch event {
        case .permissionChanged(let permission):
            switch (permission, state) {
            case (.granted, .permissionRequired): return (.loading(location: nil), [.requestLocation, timer])
            case (.granted, _): return unchanged
            case (_, .loading): return (.permissionRequired(permission.problem!), [.cancelLoadTimer])
            default: return (.permissionRequired(permission.problem!), [])
            }
        case .locationArrived(let location):
            if state == .loading(location: nil) {
                return (.loading(location: location), [.requestSnapshot(region: .userVicinity(around: location))])
            }
            return unchanged
        case .snapshotSucceeded(let frame):
            let paris = try paris
            if state == .loading(location: paris), frame.region == .userVicinity(around: paris) {
                return (.map(region: frame.region, frame: frame), [.cancelLoadTimer])
            }
            return unchanged
        case .snapshotFailed(let message):
            switch state {
            case .loading(let location): return (.failed(message: message, location: location), [.cancelLoadTimer])
            default: return unchanged
            }
        case .loadTimedOut:
            switch state {
            case .loading(let location): return (.failed(message: "The map did not load within 10 seconds.", location: location), [])
            default: return unchanged
            }
        case .retry:
            switch state {
            case .failed(_, nil): return (.loading(location: nil), [.requestLocation, timer])
            case .failed(_, let location?):
                return (.loading(location: location), [.requestSnapshot(region: .userVicinity(around: location)), timer])
            default: return unchanged
            }
        case .tap(let point):
            if case .map = state { return (state, [.deliverTap(point)]) }
            return unchanged
        }
    }

    @Test("every state and event pair goes where the rules say (9 states x 12 events)")
    func everyPair() throws {
        let states = try Self.states(), events = try Self.events()
        #expect(states.count == 9 && events.count == 12)
        for state in states {
            for event in events {
                let (next, effects) = state.next(on: event)
                let (expectedState, expectedEffects) = try Self.expected(state, event)
                #expect(next == expectedState, "\(state) on \(event)")
                #expect(effects == expectedEffects, "\(state) on \(event)")
            }
        }
    }

    @Test("a whole session: permission asked elsewhere, granted without a restart, location captured once, timeout, retry, map, tap")
    func session() throws {
        var (state, effects) = PreviewState.start(permission: .notDetermined)
        #expect(state == .permissionRequired(.notDetermined) && effects.isEmpty && state.action == .openSettings)
        // The model never asks for permission: no effect of it does.
        (state, effects) = state.next(on: .permissionChanged(.granted))
        #expect(state == .loading(location: nil) && effects == [.requestLocation, Self.timer])
        (state, effects) = state.next(on: .locationArrived((try Self.paris)))
        #expect(effects == [.requestSnapshot(region: .userVicinity(around: (try Self.paris)))])
        // A second fix is not followed.
        (state, effects) = state.next(on: .locationArrived((try Self.oslo)))
        #expect(state == .loading(location: (try Self.paris)) && effects.isEmpty)
        // A tap while loading does nothing; the load times out.
        (state, effects) = state.next(on: .tap(ScreenPoint(x: 1, y: 1)))
        #expect(effects.isEmpty)
        (state, effects) = state.next(on: .loadTimedOut)
        #expect(state.action == .retry && state.message == "The map did not load within 10 seconds.")
        (state, effects) = state.next(on: .retry)
        #expect(state == .loading(location: (try Self.paris)))
        (state, effects) = state.next(on: .snapshotSucceeded(try Self.frame(around: (try Self.paris))))
        guard case .map(let region, _) = state else {
            Issue.record("expected the map, got \(state)")
            return
        }
        #expect(region.center == (try Self.paris))
        (state, effects) = state.next(on: .tap(ScreenPoint(x: 100, y: 50)))
        #expect(effects == [.deliverTap(ScreenPoint(x: 100, y: 50))])
        // Permission revoked at any time.
        (state, effects) = state.next(on: .permissionChanged(.servicesOff))
        #expect(state == .permissionRequired(.servicesOff) && state.message?.contains("Location Services") == true)
    }

    @Test("every start permission: granted loads, anything else asks for permission with a message and a settings action")
    func start() {
        for permission in LocationPermission.allCases {
            let (state, effects) = PreviewState.start(permission: permission)
            if permission == .granted {
                #expect(state == .loading(location: nil) && effects == [.requestLocation, Self.timer] && state.action == nil)
            } else {
                #expect(state == .permissionRequired(permission.problem!) && effects.isEmpty)
                #expect(state.action == .openSettings && state.message?.isEmpty == false)
            }
        }
    }

    @Test("the legend explains every pin: one entry per category, the pins' own style, stable distinct tokens")
    func legend() throws {
        #expect(Legend.entries.map(\.category) == PinCategory.allCases)
        #expect(Set(Legend.entries.map(\.style.symbol)).count == PinCategory.allCases.count)
        #expect(Set(Legend.entries.map(\.style.colorHex)).count == PinCategory.allCases.count)
        // The tokens are part of the contract with renderers: they must not drift.
        #expect(PinCategory.missing.style == PinStyle(symbol: "pin.missing", colorHex: "#D93025", label: "Missing"))
        #expect(PinCategory.found.style == PinStyle(symbol: "pin.found", colorHex: "#1E8E3E", label: "Found"))
        let transformer = try WebMercatorTransformer()
        let layout = try PinLayout(
            announcements: [
                Announcement(id: "a", status: "MISSING", latitude: 48.86, longitude: 2.35),
                Announcement(id: "b", status: "found", latitude: 48.85, longitude: 2.36),
            ],
            frame: try Self.frame(around: (try Self.paris)), transformer: transformer)
        for pin in layout.pins {
            #expect(Legend.entries.contains(LegendEntry(category: pin.category, style: pin.style)))
        }
    }
}
