// Keeps hitlab_test_support non-empty.
