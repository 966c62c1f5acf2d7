// The clinic's active doctors (Main Doctor first), for booking and for the appointments list.
// Read from /dashboard/doctors, which every staff member may call (staff management is the Main
// Doctor's alone).
import { useApiGet } from '../../engine/useApiGet';

export interface Doctor {
  id: number;
  name: string;
  role: number;
}

export function useDoctors(): { doctors: Doctor[]; isLoading: boolean } {
  const { data, isLoading } = useApiGet<{ doctors: Doctor[] }>('/dashboard/doctors');
  return { doctors: data?.doctors ?? [], isLoading };
}
