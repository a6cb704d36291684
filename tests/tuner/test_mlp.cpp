// The small neural network learns a smooth function of two inputs; the ensemble's members differ.
#include <catch2/catch.hpp>
#include <cmath>
#include <random>

#include "tuner/mlp.hpp"

using namespace filterlab::tuner;

TEST_CASE("an MLP ensemble learns a smooth function of two inputs") {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  const auto f = [](double a, double b) { return std::sin(3 * a) + b * b; };
  Eigen::MatrixXd x(300, 2), xt(100, 2);
  Eigen::VectorXd y(300), yt(100);
  for (int i = 0; i < 300; ++i) x(i, 0) = u(rng), x(i, 1) = u(rng), y(i) = f(x(i, 0), x(i, 1));
  for (int i = 0; i < 100; ++i) xt(i, 0) = u(rng), xt(i, 1) = u(rng), yt(i) = f(xt(i, 0), xt(i, 1));
  MlpOptions o;
  o.epochs = 1500;
  Ensemble model(2, 4, o, 11);
  model.fit(x, y);
  const auto p = model.predict(xt);
  const double mse = (p.mean - yt).array().square().mean();
  const double var = (yt.array() - yt.mean()).square().mean();
  CHECK(mse < 0.01 * var);
  CHECK(p.spread.maxCoeff() > 0.0);  // different seeds: different members
}

TEST_CASE("an untrained MLP does not fit the function (the test above can fail)") {
  Eigen::MatrixXd x(50, 2);
  Eigen::VectorXd y(50);
  for (int i = 0; i < 50; ++i)
    x(i, 0) = i / 50.0, x(i, 1) = 1 - i / 50.0, y(i) = std::sin(3 * x(i, 0)) + x(i, 1) * x(i, 1);
  MlpOptions o;
  o.epochs = 0;
  Mlp m(2, o, 3);
  m.fit(x, y);  // only standardises the targets
  const double var = (y.array() - y.mean()).square().mean();
  CHECK((m.predict(x) - y).array().square().mean() > 0.01 * var);
}
