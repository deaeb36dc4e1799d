// Command-line driver around NTIA's reference ITM (ITM_P2P_TLS_Ex), for tests only: compiled with
// the reference sources by ntia-itm-oracle.ts into a temporary directory, never committed built.
// Reads one path per line on stdin:
//   h_tx h_rx climate N_0 f__mhz pol epsilon sigma mdvar time location situation np spacing z_0 ... z_np
// and prints one line per path:
//   rtn A__db warnings mode d__km theta_hzn[0] theta_hzn[1] d_hzn[0] d_hzn[1] h_e[0] h_e[1] N_s delta_h A_ref A_fs
// every number with 17 significant digits.
#include <cstdio>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>
#include "itm.h"

int main() {
  std::string line;
  while (std::getline(std::cin, line)) {
    if (line.empty()) continue;
    std::istringstream in(line);
    double h_tx, h_rx, N_0, f, epsilon, sigma, time, location, situation, np, spacing;
    int climate, pol, mdvar;
    in >> h_tx >> h_rx >> climate >> N_0 >> f >> pol >> epsilon >> sigma >> mdvar >> time >> location >> situation
       >> np >> spacing;
    std::vector<double> pfl(static_cast<size_t>(np) + 3);
    pfl[0] = np;
    pfl[1] = spacing;
    for (size_t i = 0; i <= static_cast<size_t>(np); i++) in >> pfl[i + 2];
    if (!in) {
      std::fprintf(stderr, "bad input line: %s\n", line.c_str());
      return 2;
    }
    double A__db = 0;
    long warnings = 0;
    IntermediateValues v = {};
    int rtn = ITM_P2P_TLS_Ex(h_tx, h_rx, pfl.data(), climate, N_0, f, pol, epsilon, sigma, mdvar, time, location,
                             situation, &A__db, &warnings, &v);
    std::printf("%d %.17g %ld %d %.17g %.17g %.17g %.17g %.17g %.17g %.17g %.17g %.17g %.17g %.17g\n", rtn, A__db,
                warnings, v.mode, v.d__km, v.theta_hzn[0], v.theta_hzn[1], v.d_hzn__meter[0], v.d_hzn__meter[1],
                v.h_e__meter[0], v.h_e__meter[1], v.N_s, v.delta_h__meter, v.A_ref__db, v.A_fs__db);
  }
  return 0;
}
