// Foundation stand-in for scripts/apple-sdk-check: the bundle behind SwiftPM's `Bundle.module`.

open class Bundle: NSObject, @unchecked Sendable {
    open class var main: Bundle { fatalError() }
    public init?(path: String) { fatalError() }
    open var bundleURL: URL { fatalError() }
    open func url(forResource name: String?, withExtension ext: String?, subdirectory subpath: String?) -> URL? {
        fatalError()
    }
}
