import { z } from 'zod';

/** Forms of the account screens. The browser and the server validate with these. */

const required = (label: string) => z.string().trim().min(1, `${label} is required`);
const email = z.string().trim().min(1, 'Email is required').max(254).email('Enter a valid email address');
const password = z.string().min(8, 'Password must be at least 8 characters').max(128, 'Password is too long');

export const loginSchema = z.object({ email, password: z.string().min(1, 'Password is required') });

export const signupSchema = z
  .object({
    email,
    first: required('First name').max(60),
    last: required('Last name').max(60),
    password,
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, { message: 'Passwords do not match', path: ['confirmPassword'] });

export const codeSchema = z.object({ code: z.string().trim().min(1, 'Code is required').max(12) });

export const resetRequestSchema = z.object({ email });

export const resetConfirmSchema = z
  .object({ code: z.string().trim().min(1, 'Code is required'), password, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: 'Passwords do not match', path: ['confirmPassword'] });

export const changePasswordSchema = z
  .object({ oldPassword: z.string().min(1, 'Old password is required'), password, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: 'Passwords do not match', path: ['confirmPassword'] });

export const newPilotSchema = z.object({ first: required('First name').max(60), last: required('Last name').max(60) });

export type SignupForm = z.infer<typeof signupSchema>;
