#pragma once
// The paper's performance model: small fully connected networks (one tanh hidden layer, linear
// output) trained with Adam on full batches, and an ensemble of them with different seeds whose
// mean is the prediction and whose spread says how sure the members agree.
#include <Eigen/Dense>
#include <vector>

namespace filterlab::tuner {

struct MlpOptions {
  int hidden = 8;
  int epochs = 400;
  double learning_rate = 0.02;
  double l2 = 1e-4;
};

class Mlp {
 public:
  Mlp(int inputs, const MlpOptions& o, unsigned seed);
  // Fits rows of x (one sample per row) to y; standardises y internally.
  void fit(const Eigen::MatrixXd& x, const Eigen::VectorXd& y);
  Eigen::VectorXd predict(const Eigen::MatrixXd& x) const;
  // Later fits continue from the current weights (warm start) for this many epochs.
  void set_epochs(int epochs) { o_.epochs = epochs; }

 private:
  MlpOptions o_;
  Eigen::MatrixXd w1_;  // inputs x hidden
  Eigen::RowVectorXd b1_;
  Eigen::VectorXd w2_;  // hidden
  double b2_ = 0.0, y_mean_ = 0.0, y_scale_ = 1.0;
};

struct Prediction {
  Eigen::VectorXd mean, spread;  // per row: the members' mean and standard deviation
};

class Ensemble {
 public:
  Ensemble(int inputs, int members, const MlpOptions& o, unsigned seed);
  void fit(const Eigen::MatrixXd& x, const Eigen::VectorXd& y);
  Prediction predict(const Eigen::MatrixXd& x) const;
  void set_epochs(int epochs) {
    for (auto& m : members_) m.set_epochs(epochs);
  }

 private:
  std::vector<Mlp> members_;
};

}  // namespace filterlab::tuner
