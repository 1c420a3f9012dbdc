// The ConsentLedger module; see docs/ for its guide.
