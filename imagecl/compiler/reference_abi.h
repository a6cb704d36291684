/* The CPU reference's calling convention (filterlab-imagecl writes it into every reference too).
 * One argument per kernel parameter, in the kernel's order:
 *   Image:  data = w * h * d pixels of the pixel type (row-major, planes one after the other);
 *           an output's pixels are overwritten where the grid writes them;
 *   array:  data = n elements of the element type (2-D arrays: R * C, row-major);
 *   scalar: the value in `scalar` (converted to the parameter type).
 * The entry point `filterlab_icl_ref_<kernel>` returns NULL, or why the kernel went wrong (a read
 * outside an Image that has no boundary condition, grid Images of different sizes). */
#ifndef FILTERLAB_ICL_REF_ARG
#define FILTERLAB_ICL_REF_ARG
struct filterlab_icl_ref_arg {
  void* data;
  int w, h, d;
  long n;
  double scalar;
};
#endif
