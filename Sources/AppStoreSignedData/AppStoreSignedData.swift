// The AppStoreSignedData module; see docs/ for its guide.
