// Test probe: evaluates fl_border_index for indices first + k, k = 0 .. count-1 (needs common/border.cl).
kernel void border_probe(global int* out, const int first, const int n) {
  const int k = get_global_id(0);
  out[k] = fl_border_index(first + k, n);
}
