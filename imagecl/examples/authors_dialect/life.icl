// The authors' dialect: one step of Conway's game of life on 0/1 cells. The grid names both
// Images (they have one size); cells beyond the border are dead (boundary_cond ...:constant is 0).
#pragma imcl grid(cells, next)
#pragma imcl boundary_cond(cells:constant)
void life(Image<char> cells, Image<char> next) {
  int alive = 0;
  for (int dy = -1; dy <= 1; dy++)
    for (int dx = -1; dx <= 1; dx++)
      if (dx != 0 || dy != 0) alive += cells[idx + dx][idy + dy];
  const int self = cells[idx][idy];
  if (alive == 3 || (self == 1 && alive == 2))
    next[idx][idy] = 1;
  else
    next[idx][idy] = 0;
}
