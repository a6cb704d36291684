# The pyramid family at the command line (included by tests/cli/CMakeLists.txt, which finds every
# src/families/*/tests/cli.cmake): `filter` refuses it, since a pyramid check builds its own levels.
filterlab_cli_test(filter_pyramid_refused nonzero "`filter` cannot apply 'pyramid.build': a pyramid check builds its own"
                   NOT_CREATED "${work}/p.pfm" ARGS filter --family pyramid.build ${work}/small.pgm ${work}/p.pfm)
