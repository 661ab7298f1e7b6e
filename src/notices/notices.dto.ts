import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { ON_MY_WAY_ETA_MINUTES } from '../shared/notices';
import { ETA_PROBLEM } from './on-my-way.handlers';

export class OnMyWayDto {
  @ApiProperty({ enum: ON_MY_WAY_ETA_MINUTES, description: 'Minutes until the crew arrives' })
  @IsIn(ON_MY_WAY_ETA_MINUTES, { message: ETA_PROBLEM })
  etaMinutes!: number;
}
