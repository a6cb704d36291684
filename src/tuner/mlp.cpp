#include "tuner/mlp.hpp"

#include <cmath>
#include <random>

#include "error.hpp"

namespace filterlab::tuner {

Mlp::Mlp(int inputs, const MlpOptions& o, unsigned seed) : o_(o) {
  if (inputs <= 0 || o.hidden <= 0) throw Error("an MLP needs at least one input and one hidden unit");
  std::mt19937 rng(seed);
  std::normal_distribution<double> n1(0.0, 1.0 / std::sqrt(static_cast<double>(inputs)));
  std::normal_distribution<double> n2(0.0, 1.0 / std::sqrt(static_cast<double>(o.hidden)));
  w1_ = Eigen::MatrixXd::NullaryExpr(inputs, o.hidden, [&] { return n1(rng); });
  b1_ = Eigen::RowVectorXd::NullaryExpr(o.hidden, [&] { return n1(rng); });
  w2_ = Eigen::VectorXd::NullaryExpr(o.hidden, [&] { return n2(rng); });
}

void Mlp::fit(const Eigen::MatrixXd& x, const Eigen::VectorXd& y) {
  if (x.rows() != y.size() || x.rows() == 0 || x.cols() != w1_.rows())
    throw Error("MLP training data of the wrong shape");
  const double n = static_cast<double>(y.size());
  y_mean_ = y.mean();
  const double var = (y.array() - y_mean_).square().sum() / n;
  y_scale_ = var > 1e-24 ? std::sqrt(var) : 1.0;
  const Eigen::VectorXd t = (y.array() - y_mean_) / y_scale_;
  // Adam state.
  Eigen::MatrixXd mw1 = Eigen::MatrixXd::Zero(w1_.rows(), w1_.cols()), vw1 = mw1;
  Eigen::RowVectorXd mb1 = Eigen::RowVectorXd::Zero(b1_.size()), vb1 = mb1;
  Eigen::VectorXd mw2 = Eigen::VectorXd::Zero(w2_.size()), vw2 = mw2;
  double mb2 = 0, vb2 = 0;
  constexpr double kB1 = 0.9, kB2 = 0.999, kEps = 1e-8;
  const auto adam = [&](auto& w, auto& m, auto& v, const auto& g, double c1, double c2) {
    m = kB1 * m + (1 - kB1) * g;
    v = kB2 * v + (1 - kB2) * g.cwiseProduct(g);
    w -= (o_.learning_rate * (m / c1).array() / ((v / c2).array().sqrt() + kEps)).matrix();
  };
  for (int e = 1; e <= o_.epochs; ++e) {
    const Eigen::MatrixXd z = (x * w1_).rowwise() + b1_;
    const Eigen::MatrixXd h = z.array().tanh().matrix();
    const Eigen::VectorXd out = (h * w2_).array() + b2_;
    const Eigen::VectorXd d = (out - t) * (2.0 / n);  // d(mean squared error)/d(out)
    const Eigen::VectorXd gw2 = h.transpose() * d + 2 * o_.l2 * w2_;
    const double gb2 = d.sum();
    const Eigen::MatrixXd dh = (d * w2_.transpose()).cwiseProduct((1.0 - h.array().square()).matrix());
    const Eigen::MatrixXd gw1 = x.transpose() * dh + 2 * o_.l2 * w1_;
    const Eigen::RowVectorXd gb1 = dh.colwise().sum();
    const double c1 = 1 - std::pow(kB1, e), c2 = 1 - std::pow(kB2, e);
    adam(w1_, mw1, vw1, gw1, c1, c2);
    adam(b1_, mb1, vb1, gb1, c1, c2);
    adam(w2_, mw2, vw2, gw2, c1, c2);
    mb2 = kB1 * mb2 + (1 - kB1) * gb2;
    vb2 = kB2 * vb2 + (1 - kB2) * gb2 * gb2;
    b2_ -= o_.learning_rate * (mb2 / c1) / (std::sqrt(vb2 / c2) + kEps);
  }
}

Eigen::VectorXd Mlp::predict(const Eigen::MatrixXd& x) const {
  const Eigen::MatrixXd h = ((x * w1_).rowwise() + b1_).array().tanh().matrix();
  return ((h * w2_).array() + b2_) * y_scale_ + y_mean_;
}

Ensemble::Ensemble(int inputs, int members, const MlpOptions& o, unsigned seed) {
  if (members <= 0) throw Error("an ensemble needs at least one member");
  for (int i = 0; i < members; ++i)
    members_.emplace_back(inputs, o, seed * 7919u + static_cast<unsigned>(i) * 104729u + 1u);
}

void Ensemble::fit(const Eigen::MatrixXd& x, const Eigen::VectorXd& y) {
  for (auto& m : members_) m.fit(x, y);
}

Prediction Ensemble::predict(const Eigen::MatrixXd& x) const {
  Eigen::MatrixXd all(x.rows(), static_cast<Eigen::Index>(members_.size()));
  for (std::size_t i = 0; i < members_.size(); ++i) all.col(static_cast<Eigen::Index>(i)) = members_[i].predict(x);
  Prediction p;
  p.mean = all.rowwise().mean();
  p.spread = ((all.colwise() - p.mean).array().square().rowwise().sum() / static_cast<double>(members_.size())).sqrt();
  return p;
}

}  // namespace filterlab::tuner
