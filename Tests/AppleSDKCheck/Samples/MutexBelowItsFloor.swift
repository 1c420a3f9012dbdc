// expect-error: 'Mutex' is only available in iOS 18.0 or newer
// The check compiles at the package's floor (iOS 17), where Synchronization's Mutex does not
// exist yet: the app side keeps its shared state in AgeSignals' Locked instead.
import Synchronization

final class Counter: Sendable {
    let count = Mutex(0)
}
