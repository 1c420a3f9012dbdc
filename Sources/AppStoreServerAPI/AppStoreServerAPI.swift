// The AppStoreServerAPI module; see docs/ for its guide.
