// A stand-in for Apple's UIKit, for scripts/check_mapkit_bridge.sh only: the declarations
// Projection's UIKit-only code and the preview's snapshot recipe touch
// (developer.apple.com/documentation/uikit: UIGestureRecognizer.State,
// UITraitCollection.init(displayScale:)). Compiled with library evolution, so that its enum is
// not frozen, as Apple's are not. Signatures only; no behaviour is modelled.
@_exported import Foundation

// A main-actor class there (an NSObject).
@MainActor
open class UIGestureRecognizer {
    public enum State: Int, @unchecked Sendable {
        case possible = 0
        case began = 1
        case changed = 2
        case ended = 3
        case cancelled = 4
        case failed = 5
        public static var recognized: State { .ended }
    }

    open var state: State = .possible
    public init() {}
}

// An NSObject there.
open class UITraitCollection: @unchecked Sendable {
    public init() {}
    public convenience init(displayScale scale: CGFloat) { self.init() }
}
