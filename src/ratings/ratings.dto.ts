import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { Text } from '../core/http/dto-fields';
import { COMMENTS_MAX, RATING_MESSAGE } from './rating.decider';

/** Request shapes of the ratings routes. Shapes only: the rules (the comment rule, once only, expiry) are the decider's. */

const Rating = () => [
  IsOptional(),
  Max(5, { message: RATING_MESSAGE }),
  Min(1, { message: RATING_MESSAGE }),
  IsInt({ message: RATING_MESSAGE }),
];
const apply =
  (decorators: PropertyDecorator[]): PropertyDecorator =>
  (target, key) =>
    decorators.forEach((d) => d(target, key));

export class RequestRatingDto {
  @ApiPropertyOptional({ description: 'A one-time job id or an occurrence id (<seriesId>_<yyyymmdd>)' })
  @IsString({ message: 'Choose the job to ask about (field jobId).' })
  @MaxLength(100, { message: 'Choose the job to ask about (field jobId).' })
  jobId!: string;
}

export class FeedbackDto {
  @ApiPropertyOptional({ nullable: true, minimum: 1, maximum: 5 })
  @apply(Rating())
  rating?: number | null;
  @ApiPropertyOptional({ nullable: true, description: 'Required when there is no rating or a rating under 5' })
  @IsOptional()
  @Text('Comments must be text.', COMMENTS_MAX, 'Comments')
  comments?: string | null;
}

export class EditRatingDto {
  @ApiPropertyOptional({ nullable: true, minimum: 1, maximum: 5 })
  @apply(Rating())
  rating?: number | null;
  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @Text('Notes must be text.', COMMENTS_MAX, 'Notes')
  notes?: string | null;
}
