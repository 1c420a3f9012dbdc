/// A dictionary of at most `capacity` entries that, when full, forgets the entry inserted
/// first. Not thread-safe: its owners keep it behind a `Mutex`.
struct OldestOutDictionary<Key: Hashable, Value> {
    let capacity: Int
    private var values: [Key: Value] = [:]
    /// Keys in insertion order; those before `start` are already forgotten.
    private var order: [Key] = []
    private var start = 0

    init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    subscript(key: Key) -> Value? { values[key] }

    var count: Int { values.count }

    /// Keeps the first value inserted for a key.
    mutating func insert(_ value: Value, for key: Key) {
        guard capacity > 0, values[key] == nil else { return }
        if order.count - start >= capacity {
            values[order[start]] = nil
            start += 1
            if start >= capacity {  // drop the consumed prefix now and then
                order.removeFirst(start)
                start = 0
            }
        }
        order.append(key)
        values[key] = value
    }
}
