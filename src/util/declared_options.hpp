#pragma once
// Options a registry entry declares for itself (CLBlast's GetOptions()): name, kind, help, default
// and accepted range. The command line is built from the declarations of every entry; an entry
// reads its own options back through OptionValues, with its own defaults, and never sees another
// entry's.
#include <map>
#include <string>
#include <vector>

namespace filterlab {

struct OptionSpec {
  enum class Kind { Text, Integer, Number, Flag };
  std::string name;  // "--ksize"
  Kind kind = Kind::Text;
  std::string help;
  std::string default_text;  // the value when not given ("": none)
  double min = 0, max = 0;   // Integer, Number: the accepted range
  std::string accepted;      // Integer: what the error says is accepted ("": "an integer from MIN to MAX")

  static OptionSpec text(std::string name, std::string help, std::string default_text = "");
  static OptionSpec integer(std::string name, std::string help, long default_value, long min, long max,
                            std::string accepted = "");
  static OptionSpec number(std::string name, std::string help, double default_value, double min, double max);
  static OptionSpec flag(std::string name, std::string help);
};

// The values of one entry's options: what was typed, else the entry's defaults.
class OptionValues {
 public:
  OptionValues() = default;
  OptionValues(std::vector<OptionSpec> specs, std::map<std::string, std::string> typed);

  bool given(const std::string& name) const;
  std::string text(const std::string& name) const;
  long integer(const std::string& name) const;  // parsed strictly within the declared range
  double number(const std::string& name) const;
  bool flag(const std::string& name) const;

 private:
  const OptionSpec& spec(const std::string& name) const;  // throws for an undeclared name (a bug)
  std::vector<OptionSpec> specs_;
  std::map<std::string, std::string> typed_;
};

// The typed options no spec declares: "" when none, else an error text naming them; `takes` lists
// what the entry does take ("--ksize --border ...").
std::string undeclared(const std::vector<OptionSpec>& specs, const std::map<std::string, std::string>& typed);
std::string option_names(const std::vector<OptionSpec>& specs);

}  // namespace filterlab
