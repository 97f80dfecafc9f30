// Placeholder replaced by the validation runner (issue 3).
int main() { return 0; }
