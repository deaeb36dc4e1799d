// The few complex-number operations ITM needs (ground impedance and the two-ray reflection), as
// plain {re, im} pairs: no class, no hidden state.

export interface Complex {
  re: number;
  im: number;
}

/** Principal square root (the branch C++'s std::sqrt takes): real part ≥ 0. */
export function complexSqrt(z: Complex): Complex {
  const r = Math.hypot(z.re, z.im);
  const re = Math.sqrt((r + z.re) / 2);
  const im = Math.sqrt((r - z.re) / 2);
  return { re, im: z.im < 0 || Object.is(z.im, -0) ? -im : im };
}

export function complexDivide(a: Complex, b: Complex): Complex {
  const d = b.re * b.re + b.im * b.im;
  return { re: (a.re * b.re + a.im * b.im) / d, im: (a.im * b.re - a.re * b.im) / d };
}
