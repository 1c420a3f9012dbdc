// The PrivacyLaunch module; see docs/ for its guide.
