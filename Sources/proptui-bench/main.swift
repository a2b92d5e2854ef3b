// Replaced by the benchmark harness.
print("proptui-bench")
