import GeoMath

/// Location permission as the platform reports it. The preview model reacts to changes; it
/// never asks for permission itself.
public enum LocationPermission: String, Hashable, Sendable, Codable, CaseIterable {
    /// The user has not been asked yet.
    case notDetermined
    /// The user said no.
    case denied
    /// Parental controls or a profile forbid location.
    case restricted
    /// Location services are off for the whole device.
    case servicesOff
    /// The app may read the location while in use.
    case granted

    /// Why the preview needs permission, or nil when it has it.
    public var problem: PermissionProblem? {
        switch self {
        case .notDetermined: return .notDetermined
        case .denied: return .denied
        case .restricted: return .restricted
        case .servicesOff: return .servicesOff
        case .granted: return nil
        }
    }
}

/// Why the landing page shows "permission required" instead of the map.
public enum PermissionProblem: String, Hashable, Sendable, Codable, CaseIterable {
    case notDetermined
    case denied
    case restricted
    case servicesOff

    /// The message the landing page shows.
    public var message: String {
        switch self {
        case .notDetermined: return "Allow location access to see missing and found pets around you."
        case .denied: return "Location access is off for this app. Turn it on in Settings to see pets around you."
        case .restricted: return "Location access is restricted on this device."
        case .servicesOff: return "Location Services are off. Turn them on in Settings to see pets around you."
        }
    }
}

/// What the landing page's map preview shows: a pure value, changed only by
/// ``next(on:)``.
public enum PreviewState: Hashable, Sendable {
    /// Waiting for the location (nil) or for the snapshot of the region around it.
    case loading(location: Coordinate?)
    /// The snapshot is on screen: the region around the location captured at entry, and its
    /// frame.
    case map(region: CoordinateRegion, frame: PreviewFrame)
    /// No map without location permission: a message and a go-to-settings action.
    case permissionRequired(PermissionProblem)
    /// The snapshot failed or timed out: a message and a retry action. The captured location,
    /// if any, is kept for the retry.
    case failed(message: String, location: Coordinate?)

    /// How long a load may take before it becomes ``failed(message:location:)``.
    public static let loadTimeoutSeconds: Double = 10

    /// The state and its first effects when the landing page appears with `permission`.
    public static func start(permission: LocationPermission) -> (state: PreviewState, effects: [PreviewEffect]) {
        if let problem = permission.problem { return (.permissionRequired(problem), []) }
        return (.loading(location: nil), [.requestLocation, .startLoadTimer(seconds: loadTimeoutSeconds)])
    }

    /// The user-facing message of the state, if it has one.
    public var message: String? {
        switch self {
        case .permissionRequired(let problem): return problem.message
        case .failed(let message, _): return message
        case .loading, .map: return nil
        }
    }

    /// The action the state offers, if any: open Settings, or retry.
    public var action: PreviewAction? {
        switch self {
        case .permissionRequired: return .openSettings
        case .failed: return .retry
        case .loading, .map: return nil
        }
    }

    /// The transition function: the next state and the effects the app should run.
    ///
    /// - Permission changes at any time: losing it shows "permission required"; granting it
    ///   from there starts loading, without a restart.
    /// - The location is captured once, while loading without one; later locations are
    ///   ignored (the preview does not follow the user).
    /// - A snapshot result counts only while loading for the same region; the load timer
    ///   firing while loading fails it. Retry (from failed) loads again.
    /// - A tap is delivered only on the map; elsewhere it does nothing.
    public func next(on event: PreviewEvent) -> (state: PreviewState, effects: [PreviewEffect]) {
        switch event {
        case .permissionChanged(let permission):
            if let problem = permission.problem {
                // Leaving a load stops its timer; nothing else is running.
                if case .loading = self { return (.permissionRequired(problem), [.cancelLoadTimer]) }
                return (.permissionRequired(problem), [])
            }
            if case .permissionRequired = self { return Self.start(permission: .granted) }
            return (self, [])

        case .locationArrived(let location):
            guard case .loading(nil) = self else { return (self, []) }
            return (.loading(location: location), [.requestSnapshot(region: .userVicinity(around: location))])

        case .snapshotSucceeded(let frame):
            guard case .loading(let location?) = self, frame.region == .userVicinity(around: location) else { return (self, []) }
            return (.map(region: frame.region, frame: frame), [.cancelLoadTimer])

        case .snapshotFailed(let message):
            guard case .loading(let location) = self else { return (self, []) }
            return (.failed(message: message, location: location), [.cancelLoadTimer])

        case .loadTimedOut:
            guard case .loading(let location) = self else { return (self, []) }
            let seconds = Self.loadTimeoutSeconds
            return (.failed(message: "The map did not load within \(Int(seconds)) seconds.", location: location), [])

        case .retry:
            guard case .failed(_, let location) = self else { return (self, []) }
            let timer = PreviewEffect.startLoadTimer(seconds: Self.loadTimeoutSeconds)
            if let location {
                return (.loading(location: location), [.requestSnapshot(region: .userVicinity(around: location)), timer])
            }
            return (.loading(location: nil), [.requestLocation, timer])

        case .tap(let point):
            guard case .map = self else { return (self, []) }
            return (self, [.deliverTap(point)])
        }
    }
}

/// Something that happened to the landing page's preview.
public enum PreviewEvent: Hashable, Sendable {
    /// The platform reported a (possibly unchanged) permission.
    case permissionChanged(LocationPermission)
    /// A location fix arrived.
    case locationArrived(Coordinate)
    /// The snapshot of a region is ready, with its frame.
    case snapshotSucceeded(PreviewFrame)
    /// The snapshot could not be made.
    case snapshotFailed(message: String)
    /// The load timer fired.
    case loadTimedOut
    /// The user chose retry.
    case retry
    /// The user tapped the preview at a frame point.
    case tap(ScreenPoint)
}

/// Work the app does for the model (the model itself does none, and never asks for
/// permission).
public enum PreviewEffect: Hashable, Sendable {
    /// Read the current location once.
    case requestLocation
    /// Make the snapshot of this region (then send ``PreviewEvent/snapshotSucceeded(_:)`` or
    /// ``PreviewEvent/snapshotFailed(message:)``).
    case requestSnapshot(region: CoordinateRegion)
    /// Start the load timer; send ``PreviewEvent/loadTimedOut`` when it fires.
    case startLoadTimer(seconds: Double)
    /// Stop the load timer.
    case cancelLoadTimer
    /// Hand the tap to the app (open the fullscreen map there).
    case deliverTap(ScreenPoint)
}

/// The action button a state offers.
public enum PreviewAction: String, Hashable, Sendable, CaseIterable {
    /// Open the system Settings at the app's location permission.
    case openSettings
    /// Load the preview again.
    case retry
}
