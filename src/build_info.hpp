#pragma once
// What the binary was built from (generated at build time by cmake/BuildInfo.cmake).
namespace filterlab {
extern const char* const kCommit;
extern const bool kCommitDirty;
extern const char* const kVersion;
}  // namespace filterlab
