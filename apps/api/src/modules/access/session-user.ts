/** Who is calling: what every access check needs. */
export type SessionUser = {
  id: number;
  companyId: number;
  role: number;
  name: string;
  email: string;
};
