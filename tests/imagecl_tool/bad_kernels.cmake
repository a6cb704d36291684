# Issue 31 (kernels): bad input cases through `filterlab imagecl`. Included from CMakeLists.txt.

# Issue 31 (compiler part): a kernel that leaves output pixels unwritten is refused by the CPU
# reference (it was compared with whatever the device's buffer held).
tool_test(check_partial_write nonzero "pixel \\(10, 0\\) of output out was never written"
          ARGS imagecl check ${k}/bad/partial_write.icl --input ${work}/u8.png --configs 2)
