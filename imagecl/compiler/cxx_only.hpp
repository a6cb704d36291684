#pragma once
// Clang parses an ImageCL kernel as C++, but the generated code is OpenCL C: C++-only syntax
// (nullptr, auto, C++ casts, references, brace or constructor initialisation, lambdas, ...)
// passes the front end and fails on the device. It is rejected here, at its location, with the
// OpenCL C spelling to use instead.
#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>

#include <vector>

#include "reporter.hpp"

namespace filterlab::imagecl {
void reject_cxx_only(clang::ASTContext& ctx, Reporter& rep, const clang::FunctionDecl* kernel,
                     const std::vector<const clang::VarDecl*>& tables);
}
