// The ConsentServer module; see docs/ for its guide.
